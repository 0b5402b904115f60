import {
  passkeyMessages,
  type PasskeyAssertion,
  type PasskeyOptions,
  errorCodes,
  SIGN_IN_CODE_LENGTH,
  phoneCountry,
  type SessionResponse,
  type TwoStepChallenge,
  type User,
  type Language,
} from '@poisha/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { uniqueViolationColumn } from '../../db/errors.js';
import type { Database, UserRow } from '../../db/schema.js';
import { AppError, unauthenticated } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import { mailTexts } from '../../mail/mail-texts.js';
import type { Mailer } from '../../mail/mailer.js';
import { recordAudit, type AuditContext } from '../../core/audit/audit-log.js';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits, refundRateLimits } from '../../core/rate-limit/rate-limiter.js';
import { ACCOUNT_LOCKED_MESSAGE } from '../../core/users/account-lock.js';
import { toUserView } from '../../core/users/user-view.js';
import {
  findUserByEmail,
  findUserById,
  findProvenPhoneHolder,
  findUserWithBalance,
  expireUserResetTokens,
  insertUserWithWallet,
  updatePasswordHash,
  type UserWithBalance,
} from '../../core/users/users.repository.js';
import { hashPassword, loadPasswordStrengthCheck, refusePersonalPassword, verifyAgainstDummy, verifyPassword } from '../../core/users/passwords.js';
import { findVerificationLink, insertVerificationToken, markEmailVerified } from './email-verification.repository.js';
import { countTryOnLiveCode, insertSignInCode, markSignInCodeUsed, retireSignInCodes } from './sign-in-codes.repository.js';
import { findTrustedDevice, rememberDevice, touchDevice } from './trusted-devices.repository.js';
import { bonusEarned, creditWelcomeBonus } from './welcome-bonus.js';
import { phoneTaken, type PhoneProofService } from './phone-proof.service.js';
import type { TwoStepService } from './two-step.service.js';
import { assertionOptions, verifyAssertion, type RelyingParty } from '../../core/passkeys/passkey-ceremony.js';
import { recordPasskeyUse, useChallenge } from '../../core/passkeys/passkeys.repository.js';
import { newOneTimeCode } from '../../core/one-time-codes/one-time-codes.js';
import { consumeResetToken, findResetTokenUser, insertResetToken } from './password-reset.repository.js';
import type { AuthSession } from '../../core/session/session-auth.js';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, idleExpiresAt } from '../../core/session/session-policy.js';
import { deleteSession, deleteUserSessions, insertSession } from '../../core/session/sessions.repository.js';
import { hashToken, newSecretToken } from '../../core/session/tokens.js';
import { describeUserAgent } from '../../core/session/user-agent.js';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
/** A mailed sign-in code works for 10 minutes, once, and takes at most 5 tries (decision 0030). */
export const SIGN_IN_CODE_TTL_MS = 10 * 60 * 1000;
export const SIGN_IN_CODE_ATTEMPTS = 5;


export const VERIFICATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export interface AuthServiceDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Sign-ups per client address per hour (SIGNUP_RATE_LIMIT); 0: no limit. */
  signupsPerAddressPerHour: number;
  /** EMAIL_VERIFICATION: whether the welcome bonus waits for the mailed link. */
  emailVerification: 'required' | 'off';
  /** IDENTITY_HASH_SECRET: the key of the hashes that remember who had the welcome bonus. */
  identityHashSecret: string;
  /** Sends the code that proves the phone number, after sign-up (decision 0041). */
  phoneProof: PhoneProofService;
  /** The second step of a sign-in, for accounts that turned it on (decision 0044). */
  twoStep: TwoStepService;
  /** Where passkeys sign in (decision 0045). */
  relyingParty: RelyingParty;
}

/** Input after the shared schemas have validated and normalised it. */
export interface SignupInput {
  name: string;
  email: string;
  password: string;
  phone: string;
  /** The app's language at sign-up; the user's mails are written in it. */
  language?: Language;
}

export interface SignedIn {
  user: User;
  token: string;
  csrfToken: string;
  /** The cookie that makes this browser a device that signed in to the account before. */
  deviceToken: string;
}

const emailTaken = () =>
  new AppError(errorCodes.emailTaken, 'This email is already registered', {
    email: 'This email is already registered',
  });
const invalidCredentials = () => new AppError(errorCodes.invalidCredentials, 'Invalid email or password');

const invalidSignInCode = () =>
  new AppError(errorCodes.invalidSignInCode, 'This sign-in code is wrong, used or expired. Check the mail, or ask for a new code.');

const newSignInCode = () => newOneTimeCode(SIGN_IN_CODE_LENGTH);

const invalidVerificationLink = () =>
  new AppError(errorCodes.invalidEmailToken, 'This verification link is invalid or has expired. Sign in and ask for a new one.');

export function createAuthService({ db, mailer, publicUrl, log, signupsPerAddressPerHour, emailVerification, identityHashSecret, phoneProof, twoStep, relyingParty }: AuthServiceDeps) {
  const signupLimit = { name: 'signup:address', max: signupsPerAddressPerHour, windowMs: HOUR_MS };

  /** A new verification link for the user's current address, mailed after the caller's answer. */
  async function mailVerificationLink(user: { id: string; name: string; email: string; language: Language }, nowMs: number): Promise<void> {
    const token = newSecretToken();
    await insertVerificationToken(db, { tokenHash: hashToken(token), userId: user.id, email: user.email, nowMs, expiresAtMs: nowMs + VERIFICATION_TOKEN_TTL_MS });
    // In the fragment, as reset links: browsers never send it to a server or in a Referer.
    const link = `${publicUrl}/verify-email#token=${token}`;
    mailer
      .send({ to: user.email, ...mailTexts.verifyEmail(user.language, { name: user.name, link }) })
      .catch((error: unknown) => log.error({ err: error }, 'verification mail could not be sent'));
  }

  async function startSession(
    userId: string,
    context: AuditContext,
    links: { deviceHash: string; endLinkHash: string | null },
  ): Promise<Omit<SignedIn, 'user' | 'deviceToken'>> {
    const token = newSecretToken();
    const csrfToken = newSecretToken();
    await insertSession(db, {
      id: hashToken(token),
      public_id: crypto.randomUUID(),
      user_id: userId,
      csrf_token: csrfToken,
      created_at: isoAt(context.nowMs),
      last_seen_at: isoAt(context.nowMs),
      expires_at: isoAt(context.nowMs + ABSOLUTE_TIMEOUT_MS),
      ip: context.ip,
      user_agent: context.userAgent?.slice(0, 300) ?? null,
      end_link_hash: links.endLinkHash,
      device_hash: links.deviceHash,
    });
    return { token, csrfToken };
  }

  /**
   * A new session (a new id at every sign-in, so a session fixed before is worth nothing after) and
   * the browser remembered as a device of the account (decision 0011). A browser the account has
   * not seen (no device cookie of this account) is told to the owner by mail once the sign-in is
   * done, with a single-use link that ends this session (decision 0043); the first session of a
   * sign-up is not: that browser made the account.
   */
  async function signIn(
    user: Pick<UserRow, 'id' | 'name' | 'email' | 'language'>,
    context: AuditContext,
    previousSessionId: string | null,
    knownDevice: { tokenHash: string; token: string } | null,
    { signingUp = false }: { signingUp?: boolean } = {},
  ): Promise<SignedIn> {
    if (previousSessionId) await deleteSession(db, previousSessionId);
    const deviceToken = knownDevice?.token ?? newSecretToken();
    const deviceHash = knownDevice?.tokenHash ?? hashToken(deviceToken);
    const endLink = knownDevice || signingUp ? null : newSecretToken();
    const session = await startSession(user.id, context, { deviceHash, endLinkHash: endLink === null ? null : hashToken(endLink) });
    if (knownDevice) await touchDevice(db, knownDevice.tokenHash, context.nowMs);
    else await rememberDevice(db, { tokenHash: deviceHash, userId: user.id, nowMs: context.nowMs });
    if (endLink !== null) {
      await recordAudit(db, context, 'new_device_sign_in', user.id);
      // In the fragment, as every mailed link: browsers never send it to a server or in a Referer.
      const link = `${publicUrl}/end-session#token=${endLink}`;
      const described = describeUserAgent(context.userAgent);
      mailer
        .send({ to: user.email, ...mailTexts.newDeviceSignIn(user.language, { name: user.name, atMs: context.nowMs, ...described, ip: context.ip, link }) })
        .catch((error: unknown) => log.error({ err: error }, 'new-device mail could not be sent'));
    }
    return { user: await userView(user.id), ...session, deviceToken };
  }

  /** The browser's device cookie, as `signIn` takes it, when it names a device of this account. */
  function knownDeviceOf(device: { token_hash: string } | undefined, deviceToken: string | null) {
    return device && deviceToken ? { tokenHash: device.token_hash, token: deviceToken } : null;
  }

  async function knownDevice(deviceToken: string | null, userId: string) {
    return knownDeviceOf(deviceToken ? await findTrustedDevice(db, hashToken(deviceToken), userId) : undefined, deviceToken);
  }

  /**
   * A locked account is refused, and that said, only after the right password or code: a stranger
   * cannot learn that an account is locked.
   */
  async function refuseLockedAccount(user: UserRow, context: AuditContext): Promise<void> {
    if (user.locked_at === null) return;
    await recordAudit(db, context, 'login_refused_locked', user.id);
    throw new AppError(errorCodes.accountLocked, ACCOUNT_LOCKED_MESSAGE);
  }

  async function userView(userId: string): Promise<User> {
    const user = await findUserWithBalance(db, userId);
    if (!user) throw unauthenticated();
    return toUserView(user);
  }

  return {
    /**
     * `verified`: the address and number are known to be the user's (the seeded demo users, made by
     * the server itself). Otherwise the number is not proven yet: a code goes to it by SMS once the
     * account is committed, and the welcome bonus waits for the proof (decision 0041).
     */
    async signup(input: SignupInput, context: AuditContext, options: { verified?: boolean } = {}): Promise<SignedIn> {
      if (signupLimit.max > 0 && !options.verified) await consumeRateLimits(db, context.nowMs, [{ limit: signupLimit, subject: context.ip ?? 'unknown' }]);
      (await loadPasswordStrengthCheck())(input.password, input, 'password');
      const passwordHash = await hashPassword(input.password);
      const userId = crypto.randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          if (await findUserByEmail(trx, input.email)) throw emailTaken();
          // Only a proven number is taken: one that unproven accounts typed is free (decision 0041).
          if (await findProvenPhoneHolder(trx, input.phone)) throw phoneTaken();
          const walletId = await insertUserWithWallet(trx, {
            id: userId,
            name: input.name,
            email: input.email,
            phone: input.phone,
            country: phoneCountry(input.phone),
            password_hash: passwordHash,
            photo_path: null,
            created_at: isoAt(context.nowMs),
            email_verified_at: options.verified ? isoAt(context.nowMs) : null,
            phone_verified_at: options.verified ? isoAt(context.nowMs) : null,
            language: input.language ?? 'en',
          });
          if (options.verified) await creditWelcomeBonus(trx, identityHashSecret, { userId, email: input.email, phone: input.phone }, walletId, context.nowMs);
          await recordAudit(trx, context, 'signup', userId);
        });
      } catch (error) {
        const column = uniqueViolationColumn(error);
        if (column === 'email') throw emailTaken();
        if (column === 'phone') throw phoneTaken();
        throw error;
      }
      if (!options.verified && emailVerification === 'required') await mailVerificationLink({ id: userId, ...input, language: input.language ?? 'en' }, context.nowMs);
      // Outside the transaction: the SMS gateway is an outside party. A refusal (the number had its
      // codes this hour) leaves the account as it is; the person asks for a code later.
      if (!options.verified) await phoneProof.sendSignupCode({ userId, phone: input.phone, language: input.language ?? 'en' }, context);
      return signIn({ id: userId, name: input.name, email: input.email, language: input.language ?? 'en' }, context, null, null, { signingUp: true });
    },

    /**
     * Failed attempts count against the account and the address (decision 0011); a browser that
     * signed in to this account before (`deviceToken`) has its own count instead, so nobody else's
     * failures lock its owner out. Each attempt is counted before the password is checked (so
     * simultaneous guesses cannot slip past a limit) and given back when it succeeds.
     */
    async login(
      input: { email: string; password: string },
      context: AuditContext,
      previousSessionId: string | null,
      deviceToken: string | null,
    ): Promise<SignedIn | TwoStepChallenge> {
      const user = await findUserByEmail(db, input.email);
      const device = deviceToken && user ? await findTrustedDevice(db, hashToken(deviceToken), user.id) : undefined;
      const checks = device
        ? [{ limit: limits.loginPerTrustedDevice, subject: device.token_hash }]
        : [
            { limit: limits.loginPerAccount, subject: input.email },
            { limit: limits.loginPerAddress, subject: context.ip ?? 'unknown' },
          ];
      try {
        await consumeRateLimits(db, context.nowMs, checks);
      } catch (error) {
        await recordAudit(db, context, 'login_rate_limited', null, { email: input.email });
        throw error;
      }
      const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
      if (!user || !valid) {
        await recordAudit(db, context, 'login_failed', user?.id ?? null, { email: input.email });
        throw invalidCredentials();
      }
      await refuseLockedAccount(user, context);
      await refundRateLimits(db, context.nowMs, checks);
      if (await twoStep.isEnabled(user.id)) return twoStep.challenge(user.id, context.nowMs);
      await recordAudit(db, context, 'login_succeeded', user.id);
      return signIn(user, context, previousSessionId, knownDeviceOf(device, deviceToken));
    },

    /**
     * The second step of a sign-in (decision 0044): the challenge the password (or mailed code)
     * opened, and a code from the app or a recovery code. Then the sign-in is what it would have
     * been without it: a new session, the browser remembered.
     */
    async completeTwoStep(
      input: { challenge: string; code: string },
      context: AuditContext,
      previousSessionId: string | null,
      deviceToken: string | null,
    ): Promise<SignedIn> {
      const userId = await twoStep.complete(input, context);
      const user = await findUserById(db, userId);
      if (!user || user.closed_at !== null) throw unauthenticated();
      await refuseLockedAccount(user, context);
      await recordAudit(db, context, 'login_succeeded', user.id);
      return signIn(user, context, previousSessionId, await knownDevice(deviceToken, user.id));
    },

    /**
     * A challenge for a passkey sign-in (decision 0045): no account named (the passkey names it,
     * and a stranger learns nothing about which accounts have one), 60 per address per 15 minutes.
     */
    async passkeySignInOptions(context: AuditContext): Promise<PasskeyOptions> {
      await consumeRateLimits(db, context.nowMs, [{ limit: limits.passkeyChallengesPerAddress, subject: context.ip ?? 'unknown' }]);
      return assertionOptions(db, relyingParty, 'sign_in', null, [], context.nowMs);
    },

    /**
     * Signs in with a passkey's answer to a sign-in challenge: possession of the passkey and the
     * owner verified on the device are two factors, so two-step sign-in asks nothing more. A refused
     * answer counts against the address (20 per 15 minutes) and is told as one sentence, whatever
     * was wrong.
     */
    async signInWithPasskey(assertion: PasskeyAssertion, context: AuditContext, previousSessionId: string | null, deviceToken: string | null): Promise<SignedIn> {
      const refuse = async (): Promise<never> => {
        await consumeRateLimits(db, context.nowMs, [{ limit: limits.passkeyRefusalsPerAddress, subject: context.ip ?? 'unknown' }]);
        throw new AppError(errorCodes.invalidPasskey, passkeyMessages.signInNotAccepted);
      };
      const verified = await verifyAssertion(db, relyingParty, { assertion, purpose: 'sign_in', userId: null, nowMs: context.nowMs });
      // The account the browser's passkey names (its user handle) must be the one it was added to.
      const handle = assertion.response.userHandle;
      if (!verified || (handle !== undefined && Buffer.from(handle, 'base64url').toString('utf8') !== verified.passkey.user_id)) return refuse();
      const user = await findUserById(db, verified.passkey.user_id);
      if (!user || user.closed_at !== null) return refuse();
      await refuseLockedAccount(user, context);
      const used = await db.transaction().execute(async (trx) => {
        if (!(await useChallenge(trx, verified.challengeHash, context.nowMs, null))) return false;
        await recordPasskeyUse(trx, verified.passkey.id, verified.newSignCount, context.nowMs);
        await recordAudit(trx, context, 'passkey_sign_in', user.id);
        return true;
      });
      if (!used) return refuse();
      return signIn(user, context, previousSessionId, await knownDevice(deviceToken, user.id));
    },

    /**
     * Mails a one-time sign-in code (decision 0030): the owner's way in while strangers' failed
     * passwords hold the account. Answers the same whether or not the address has an account (the
     * code is made and hashed either way, so the time does not tell), at most 3 mails an hour per
     * address typed. A new code replaces the account's previous one. The mail goes after the commit.
     */
    async requestSignInCode(email: string, context: AuditContext): Promise<void> {
      await consumeRateLimits(db, context.nowMs, [
        { limit: limits.signInCodePerAccount, subject: email },
        { limit: limits.signInCodePerAddress, subject: context.ip ?? 'unknown' },
      ]);
      const code = newSignInCode();
      const codeHash = await hashPassword(code);
      const user = await findUserByEmail(db, email);
      await recordAudit(db, context, 'sign_in_code_requested', user?.id ?? null, { email });
      if (!user || user.closed_at !== null) return;
      await db.transaction().execute(async (trx) => {
        await retireSignInCodes(trx, user.id, context.nowMs);
        await insertSignInCode(trx, { userId: user.id, codeHash, nowMs: context.nowMs, expiresAtMs: context.nowMs + SIGN_IN_CODE_TTL_MS });
      });
      mailer
        .send({ to: user.email, ...mailTexts.signInCode(user.language, { name: user.name, code }) })
        .catch((error: unknown) => log.error({ err: error }, 'sign-in code mail could not be sent'));
    },

    /**
     * Signs in with a mailed code, whatever the password limits say: the code proves the mailbox.
     * Each try is counted on the code before it is checked (simultaneous guesses cannot exceed
     * SIGN_IN_CODE_ATTEMPTS), and only the request whose conditional update marks it used signs in.
     */
    async signInWithCode(
      input: { email: string; code: string },
      context: AuditContext,
      previousSessionId: string | null,
      deviceToken: string | null,
    ): Promise<SignedIn | TwoStepChallenge> {
      await consumeRateLimits(db, context.nowMs, [{ limit: limits.signInCodeTriesPerAddress, subject: context.ip ?? 'unknown' }]);
      const user = await findUserByEmail(db, input.email);
      // One live code at most per account (a new one retires the last): the try is counted on it
      // by the same statement that finds it.
      const live = user ? await countTryOnLiveCode(db, user.id, context.nowMs, SIGN_IN_CODE_ATTEMPTS) : undefined;
      const valid = live ? await verifyPassword(live.code_hash, input.code) : await verifyAgainstDummy(input.code);
      const used = valid && live ? await markSignInCodeUsed(db, live.id, context.nowMs) : false;
      if (!user || !used) {
        await recordAudit(db, context, 'sign_in_code_failed', user?.id ?? null, { email: input.email });
        throw invalidSignInCode();
      }
      await refuseLockedAccount(user, context);
      await recordAudit(db, context, 'sign_in_code_used', user.id);
      // The mailed code stands in for the password, not for the second step.
      if (await twoStep.isEnabled(user.id)) return twoStep.challenge(user.id, context.nowMs);
      await recordAudit(db, context, 'login_succeeded', user.id);
      // A browser of the account's signing in with a code is still a known one: no new-device mail.
      return signIn(user, context, previousSessionId, await knownDevice(deviceToken, user.id));
    },

    /**
     * Opens a verification link: the address it was mailed to is verified and the welcome bonus
     * credited, once, if the phone number is proven too (else its proof pays it). Opening it again
     * (or twice at once) changes nothing more: only the request whose conditional update marks the
     * address verified credits the bonus, and welcome_bonuses' primary key refuses a second one in
     * any case.
     */
    async verifyEmail(token: string, context: AuditContext): Promise<void> {
      const verified = await db.transaction().execute(async (trx) => {
        const link = await findVerificationLink(trx, hashToken(token), context.nowMs);
        if (!link) return false;
        const marked = await markEmailVerified(trx, link.userId, context.nowMs);
        if (!marked) return true;
        if (bonusEarned({ emailVerified: true, phoneVerified: marked.phoneVerifiedAt !== null }, emailVerification)) {
          await creditWelcomeBonus(trx, identityHashSecret, { userId: link.userId, email: link.email, phone: marked.phone }, link.walletId, context.nowMs);
        }
        await recordAudit(trx, context, 'email_verified', link.userId);
        return true;
      });
      if (!verified) throw invalidVerificationLink();
    },

    /** Mails a new verification link; nothing to do once the address is verified. */
    async resendVerification(auth: AuthSession, context: AuditContext): Promise<void> {
      const user = await findUserById(db, auth.userId);
      if (!user || user.email_verified_at !== null) return;
      await consumeRateLimits(db, context.nowMs, [{ limit: limits.verificationMailPerUser, subject: user.id }]);
      await mailVerificationLink(user, context.nowMs);
    },

    async logout(auth: AuthSession, context: AuditContext): Promise<void> {
      await deleteSession(db, auth.sessionId);
      await recordAudit(db, context, 'logout', auth.userId);
    },

    currentSession(auth: AuthSession, user: UserWithBalance): SessionResponse {
      return {
        user: toUserView(user),
        idleExpiresAt: isoAt(idleExpiresAt(auth)),
        expiresAt: isoAt(auth.expiresAt),
        idleTimeoutSeconds: IDLE_TIMEOUT_MS / 1000,
      };
    },

    /**
     * Answers the same whether or not the address has an account. The mail is sent after the
     * answer, so the response time does not tell either.
     */
    async requestPasswordReset(email: string, context: AuditContext): Promise<void> {
      await consumeRateLimits(db, context.nowMs, [
        { limit: limits.resetPerAccount, subject: email },
        { limit: limits.resetPerAddress, subject: context.ip ?? 'unknown' },
      ]);
      const user = await findUserByEmail(db, email);
      await recordAudit(db, context, 'password_reset_requested', user?.id ?? null, { email });
      if (!user) return;

      const token = newSecretToken();
      await insertResetToken(db, {
        tokenHash: hashToken(token),
        userId: user.id,
        nowMs: context.nowMs,
        expiresAtMs: context.nowMs + RESET_TOKEN_TTL_MS,
      });
      // The token travels in the fragment: browsers never send it to a server or in a Referer.
      const link = `${publicUrl}/resetpassword#token=${token}`;
      mailer
        .send({ to: user.email, ...mailTexts.resetPassword(user.language, { name: user.name, link }) })
        .catch((error: unknown) => log.error({ err: error }, 'password reset mail could not be sent'));
    },

    /** Tells a reset page at once whether its link still works; rate-limited per address like the reset. */
    async checkPasswordReset(token: string, context: AuditContext): Promise<void> {
      await consumeRateLimits(db, context.nowMs, [{ limit: limits.resetCheckPerAddress, subject: context.ip ?? 'unknown' }]);
      if ((await findResetTokenUser(db, hashToken(token), context.nowMs)) === null) {
        throw new AppError(errorCodes.invalidResetToken, 'This reset link is invalid or has expired. Please ask for a new one.');
      }
    },

    async confirmPasswordReset(token: string, password: string, context: AuditContext): Promise<void> {
      const tokenHash = hashToken(token);
      // The password is judged before the transaction: the estimator takes up to ~100 ms of CPU,
      // which must not hold a write transaction (SQLite has one writer). The token is used up
      // inside it, so a refused password leaves the link working.
      const holderId = await findResetTokenUser(db, tokenHash, context.nowMs);
      const holder = holderId === null ? undefined : await findUserById(db, holderId);
      if (holder) {
        refusePersonalPassword(password, holder, 'password');
        (await loadPasswordStrengthCheck())(password, holder, 'password');
      }
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction().execute(async (trx) => {
        const consumed = await consumeResetToken(trx, tokenHash, context.nowMs);
        if (!consumed) return null;
        await updatePasswordHash(trx, consumed.user_id, passwordHash);
        await expireUserResetTokens(trx, consumed.user_id, context.nowMs);
        await deleteUserSessions(trx, consumed.user_id);
        await recordAudit(trx, context, 'password_reset_completed', consumed.user_id);
        return consumed.user_id;
      });
      if (!userId) {
        throw new AppError(errorCodes.invalidResetToken, 'This reset link is invalid or has expired. Please ask for a new one.');
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
