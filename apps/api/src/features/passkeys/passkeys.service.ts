import { errorCodes, MAX_PASSKEYS, passkeyMessages, type Passkey, type PasskeyAttestation, type PasskeyList, type PasskeyOptions } from '@poisha/contracts';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { recordAudit, type AuditContext } from '../../core/audit/audit-log.js';
import { isoAt } from '../../core/clock.js';
import { AppError, notFound } from '../../core/errors.js';
import { assertionOptions, challengeOf, passkeyNotAccepted, rememberChallenge, transportsOf, type RelyingParty } from '../../core/passkeys/passkey-ceremony.js';
import { deletePasskey, findPasskeyChallenge, insertPasskey, listPasskeys, useChallenge, type PasskeyRow } from '../../core/passkeys/passkeys.repository.js';
import type { PaymentPinGuard } from '../../core/payment-pin/payment-approval.js';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';
import { hashToken } from '../../core/session/tokens.js';
import { describeUserAgent } from '../../core/session/user-agent.js';
import { checkCurrentPassword } from '../../core/users/current-password.js';
import { mailTexts } from '../../mail/mail-texts.js';
import type { Mailer } from '../../mail/mailer.js';

export interface PasskeysDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  paymentPins: PaymentPinGuard;
  relyingParty: RelyingParty;
}

/**
 * The signature algorithms a passkey may use: Ed25519, ES256 (what phones and security keys make)
 * and RS256 (Windows Hello). Not ML-DSA, which SimpleWebAuthn offers first on Node 24: Node's
 * implementation is experimental, and sign-in is no place for that (decision 0045).
 */
const PASSKEY_ALGORITHMS = [-8, -7, -257];

const toView = (passkey: PasskeyRow): Passkey => ({
  id: passkey.id,
  name: passkey.name,
  createdAt: isoAt(Date.parse(passkey.created_at)),
  lastUsedAt: passkey.last_used_at === null ? null : isoAt(Date.parse(passkey.last_used_at)),
  synced: passkey.synced === 1,
});

/**
 * The signed-in owner's passkeys (decision 0045): listed, added (with the password and the payment
 * PIN, since a passkey then signs in without the one and pays without the other), removed; and the
 * challenge a payment approved by one answers. Signing in with one is the auth feature's.
 */
export function createPasskeysService({ db, mailer, log, paymentPins, relyingParty }: PasskeysDeps) {

  /** After the change has committed: the owner hears of it; a failure is logged, the change stands. */
  function tellOwner(user: { email: string; name: string; language: 'en' | 'bn' }, change: { added: boolean; passkeyName: string }) {
    mailer
      .send({ to: user.email, ...mailTexts.passkeyChanged(user.language, { name: user.name, ...change }) })
      .catch((error: unknown) => log.error({ err: error }, 'passkey mail not sent'));
  }

  /** A refused answer counts against the account's limit, then 422. */
  async function refuse(userId: string, nowMs: number): Promise<never> {
    await consumeRateLimits(db, nowMs, [{ limit: limits.passkeyRefusalsPerAccount, subject: userId }]);
    throw passkeyNotAccepted('response');
  }

  return {
    async list(userId: string): Promise<PasskeyList> {
      return { passkeys: (await listPasskeys(db, userId)).map(toView) };
    },

    /**
     * Adding one, first step: the password, then the PIN, checked as a payment's (a wrong one
     * counts toward the block); then the options for `navigator.credentials.create`: a discoverable
     * credential (it names the account at sign-in), verified by the device, none of the account's
     * passkeys again.
     */
    async registrationOptions(user: UserRow, input: { currentPassword: string; pin: string }, context: AuditContext): Promise<PasskeyOptions> {
      const userId = user.id;
      await checkCurrentPassword(db, user, input.currentPassword, 'currentPassword', context.nowMs);
      const refusal = await db.transaction().execute((trx) => paymentPins.check(trx, { userId, pin: input.pin, field: 'pin', context }));
      if (refusal) {
        if (refusal.blockedUntilMs !== undefined) paymentPins.tellBlocked(userId, refusal.blockedUntilMs, context.nowMs);
        throw refusal.error;
      }
      const existing = await listPasskeys(db, userId);
      if (existing.length >= MAX_PASSKEYS) throw new AppError(errorCodes.tooManyPasskeys, passkeyMessages.tooMany);
      const options = await generateRegistrationOptions({
        rpName: relyingParty.name,
        rpID: relyingParty.id,
        userName: user.email,
        userDisplayName: user.name,
        userID: new TextEncoder().encode(userId),
        attestationType: 'none',
        timeout: 5 * 60 * 1000,
        excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: transportsOf(passkey) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      });
      await rememberChallenge(db, options.challenge, 'register', userId, context.nowMs);
      return { ...options };
    },

    /**
     * Adding one, second step: what the browser made for this account's live challenge, verified
     * (origin, relying party, user verified); kept with a name (the one typed, or the browser and
     * device it was made on). The owner is mailed.
     */
    async register(user: UserRow, input: { response: PasskeyAttestation; name?: string | undefined }, context: AuditContext): Promise<Passkey> {
      const userId = user.id;
      const challenge = challengeOf(input.response.response.clientDataJSON);
      const stored = challenge === null ? undefined : await findPasskeyChallenge(db, hashToken(challenge));
      if (challenge === null || !stored || stored.purpose !== 'register' || stored.user_id !== userId || stored.used_at !== null || Date.parse(stored.expires_at) <= context.nowMs) {
        return refuse(userId, context.nowMs);
      }
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: input.response,
          expectedChallenge: challenge,
          expectedOrigin: relyingParty.origin,
          expectedRPID: relyingParty.id,
          requireUserVerification: true,
          supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
        });
      } catch {
        return refuse(userId, context.nowMs);
      }
      if (!verification.verified) return refuse(userId, context.nowMs);
      const { credential, credentialBackedUp } = verification.registrationInfo;
      // The id the browser names must be the one the authenticator signed into its data.
      if (credential.id !== input.response.id) return refuse(userId, context.nowMs);
      const described = describeUserAgent(context.userAgent);
      const name = input.name || [described.browser, described.device].filter(Boolean).join(' on ') || 'Passkey';
      const added = await db.transaction().execute(async (trx) => {
        if (!(await useChallenge(trx, hashToken(challenge), context.nowMs, null))) return null;
        const row = await insertPasskey(trx, {
          id: credential.id,
          userId,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          signCount: credential.counter,
          transports: credential.transports ?? input.response.response.transports,
          synced: credentialBackedUp,
          name,
          nowMs: context.nowMs,
        });
        if (!row) throw new AppError(errorCodes.passkeyAlreadyAdded, passkeyMessages.alreadyAdded);
        await recordAudit(trx, context, 'passkey_added', userId);
        return row;
      });
      if (!added) return refuse(userId, context.nowMs);
      tellOwner(user, { added: true, passkeyName: added.name });
      return toView(added);
    },

    async remove(user: UserRow, passkeyId: string, context: AuditContext): Promise<void> {
      const userId = user.id;
      const removedName = await db.transaction().execute(async (trx) => {
        const name = await deletePasskey(trx, userId, passkeyId);
        if (name !== undefined) await recordAudit(trx, context, 'passkey_removed', userId);
        return name;
      });
      if (removedName === undefined) throw notFound('Passkey');
      tellOwner(user, { added: false, passkeyName: removedName });
    },

    /** The challenge a payment approved by a passkey signs: this account's passkeys only, the user verified. */
    async paymentOptions(userId: string, nowMs: number): Promise<PasskeyOptions> {
      const passkeys = await listPasskeys(db, userId);
      if (passkeys.length === 0) throw passkeyNotAccepted('passkey');
      return assertionOptions(db, relyingParty, 'payment', userId, passkeys, nowMs);
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
