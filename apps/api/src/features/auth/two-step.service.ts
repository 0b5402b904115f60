import {
  errorCodes,
  twoStepMessages,
  TWO_STEP_CHALLENGE_ATTEMPTS,
  TWO_STEP_CHALLENGE_SECONDS,
  type RecoveryCodes,
  type TwoStepChallenge,
  type TwoStepSetup,
  type TwoStepStatus,
} from '@poisha/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { mailTexts } from '../../mail/mail-texts.js';
import type { Mailer } from '../../mail/mailer.js';
import type { Database, Queryable, UserRow } from '../../db/schema.js';
import { recordAudit, type AuditContext } from '../../core/audit/audit-log.js';
import { isoAt } from '../../core/clock.js';
import { AppError, validationFailed } from '../../core/errors.js';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';
import { hashToken, newSecretToken } from '../../core/session/tokens.js';
import { checkCurrentPassword } from '../../core/users/current-password.js';
import {
  countTryOnChallenge,
  deleteTwoStep,
  enableFactor,
  findTwoStepFactor,
  insertChallenge,
  markChallengeUsed,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  savePendingFactor,
  useRecoveryCode,
  useStep,
} from './two-step.repository.js';
import { hashRecoveryCode, isAppCode, matchingStep, newRecoveryCodes, newTotpSecret, otpauthUri, sealSecret, twoStepKeys, unsealSecret } from './two-step.js';

export interface TwoStepDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** IDENTITY_HASH_SECRET: the keys that seal secrets and hash recovery codes are derived from it. */
  identityHashSecret: string;
}

const wrongCode = (field = 'code') => validationFailed({ [field]: twoStepMessages.wrongCode }, twoStepMessages.wrongCode);
const challengeRefused = (message: string) => new AppError(errorCodes.invalidTwoStepCode, message, { code: message });

/**
 * Two-step sign-in with an authenticator app (decision 0044): turned on in Settings with the
 * password, a scanned secret and a first code; asked at every sign-in after the password (or the
 * mailed sign-in code); turned off with the password and a code. Recovery codes stand in for the
 * app once each.
 */
export function createTwoStepService({ db, mailer, log, identityHashSecret }: TwoStepDeps) {
  const keys = twoStepKeys(identityHashSecret);

  /** After the change has committed: the owner hears of it; a failure is logged, the change stands. */
  function tellOwner(user: { email: string; name: string; language: 'en' | 'bn' }, on: boolean) {
    mailer.send({ to: user.email, ...mailTexts.twoStepChanged(user.language, { name: user.name, on }) }).catch((error: unknown) => log.error({ err: error }, 'two-step mail not sent'));
  }

  /** 10 new recovery codes in place of the account's others: answered once, kept as keyed hashes. */
  async function newCodesFor(trx: Queryable, userId: string): Promise<string[]> {
    const recoveryCodes = newRecoveryCodes();
    await replaceRecoveryCodes(trx, userId, recoveryCodes.map((recovery) => hashRecoveryCode(keys.hashKey, userId, recovery)));
    return recoveryCodes;
  }


  /**
   * Whether `code` (the app's, or a recovery code) proves the account's enabled factor now; a code
   * that does is used up (a TOTP step once, a recovery code once). Every try counts against the
   * account's limit first.
   */
  async function proveWithCode(userId: string, code: string, context: AuditContext): Promise<'app' | 'recovery' | null> {
    await consumeRateLimits(db, context.nowMs, [{ limit: limits.twoStepTriesPerAccount, subject: userId }]);
    const factor = await findTwoStepFactor(db, userId);
    if (!factor || factor.enabled_at === null) return null;
    if (isAppCode(code)) {
      const step = matchingStep(unsealSecret(keys.sealKey, factor.secret_sealed), code, context.nowMs);
      return step !== null && (await useStep(db, userId, step)) ? 'app' : null;
    }
    return (await useRecoveryCode(db, userId, hashRecoveryCode(keys.hashKey, userId, code), context.nowMs)) ? 'recovery' : null;
  }

  async function isEnabled(userId: string): Promise<boolean> {
    const factor = await findTwoStepFactor(db, userId);
    return factor !== undefined && factor.enabled_at !== null;
  }

  /**
   * What a change to an enabled two-step sign-in asks first (new recovery codes, turning it off):
   * the current password, two-step on, and a code that proves it now.
   */
  async function confirmChange(user: UserRow, input: { currentPassword: string; code: string }, context: AuditContext): Promise<void> {
    await checkCurrentPassword(db, user, input.currentPassword, 'currentPassword', context.nowMs);
    if (!(await isEnabled(user.id))) throw new AppError(errorCodes.twoStepNotEnabled, twoStepMessages.notOn);
    if (!(await proveWithCode(user.id, input.code, context))) throw wrongCode();
  }

  async function status(userId: string): Promise<TwoStepStatus> {
    const factor = await findTwoStepFactor(db, userId);
    const enabled = factor !== undefined && factor.enabled_at !== null;
    return { enabled, recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, userId) : 0 };
  }

  return {
    status,

    isEnabled,

    /** Settings, first step: a new secret to scan, kept sealed and off until a code proves it. */
    async setup(user: UserRow, currentPassword: string, context: AuditContext): Promise<TwoStepSetup> {
      const userId = user.id;
      await checkCurrentPassword(db, user, currentPassword, 'currentPassword', context.nowMs);
      const secret = newTotpSecret();
      if (!(await savePendingFactor(db, userId, sealSecret(keys.sealKey, secret), context.nowMs))) {
        throw new AppError(errorCodes.twoStepAlreadyEnabled, twoStepMessages.alreadyOn);
      }
      const uri = otpauthUri(secret, user.email);
      // Loaded on first use: a server that never enrols anyone never loads it (heavy-modules.process.test.ts).
      const { default: QRCode } = await import('qrcode');
      return { secret, otpauthUri: uri, qrSvg: await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
    },

    /** Settings, second step: the app's first code turns it on, and the 10 recovery codes are shown once. */
    async enable(user: UserRow, code: string, context: AuditContext): Promise<RecoveryCodes> {
      const userId = user.id;
      await consumeRateLimits(db, context.nowMs, [{ limit: limits.twoStepTriesPerAccount, subject: userId }]);
      const factor = await findTwoStepFactor(db, userId);
      if (!factor) throw validationFailed({ code: twoStepMessages.noSetup }, twoStepMessages.noSetup);
      if (factor.enabled_at !== null) throw new AppError(errorCodes.twoStepAlreadyEnabled, twoStepMessages.alreadyOn);
      const step = matchingStep(unsealSecret(keys.sealKey, factor.secret_sealed), code, context.nowMs);
      if (step === null) throw wrongCode();
      const recoveryCodes = await db.transaction().execute(async (trx) => {
        if (!(await enableFactor(trx, userId, step, context.nowMs))) throw new AppError(errorCodes.twoStepAlreadyEnabled, twoStepMessages.alreadyOn);
        await recordAudit(trx, context, 'two_step_enabled', userId);
        return newCodesFor(trx, userId);
      });
      tellOwner(user, true);
      return { recoveryCodes };
    },

    /** Settings: 10 new recovery codes (the others stop working), with the password and a code. */
    async renewRecoveryCodes(user: UserRow, input: { currentPassword: string; code: string }, context: AuditContext): Promise<RecoveryCodes> {
      const userId = user.id;
      await confirmChange(user, input, context);
      const recoveryCodes = await db.transaction().execute(async (trx) => {
        await recordAudit(trx, context, 'two_step_recovery_codes_renewed', userId);
        return newCodesFor(trx, userId);
      });
      return { recoveryCodes };
    },

    /** Settings: off again, with the password and a code (the app's or a recovery code). */
    async disable(user: UserRow, input: { currentPassword: string; code: string }, context: AuditContext): Promise<TwoStepStatus> {
      const userId = user.id;
      await confirmChange(user, input, context);
      await db.transaction().execute(async (trx) => {
        await deleteTwoStep(trx, userId);
        await recordAudit(trx, context, 'two_step_disabled', userId);
      });
      tellOwner(user, false);
      return status(userId);
    },

    /** A sign-in whose password (or mailed code) was right: it waits for the second step. */
    async challenge(userId: string, nowMs: number): Promise<TwoStepChallenge> {
      const token = newSecretToken();
      const expiresAtMs = nowMs + TWO_STEP_CHALLENGE_SECONDS * 1000;
      await insertChallenge(db, { tokenHash: hashToken(token), userId, nowMs, expiresAtMs });
      return { twoStepRequired: true, challenge: token, expiresAt: isoAt(expiresAtMs) };
    },

    /**
     * The second step: a live challenge (5 tries, 5 minutes, once) and a code that proves the
     * account's factor. Answers the account to sign in; throws 401 `invalid_two_step_code`.
     */
    async complete(input: { challenge: string; code: string }, context: AuditContext): Promise<string> {
      const tokenHash = hashToken(input.challenge);
      const userId = await countTryOnChallenge(db, tokenHash, context.nowMs, TWO_STEP_CHALLENGE_ATTEMPTS);
      if (!userId) throw challengeRefused(twoStepMessages.challengeOver);
      const proof = await proveWithCode(userId, input.code, context);
      if (!proof) {
        await recordAudit(db, context, 'two_step_failed', userId);
        throw challengeRefused(twoStepMessages.wrongCode);
      }
      if (!(await markChallengeUsed(db, tokenHash, context.nowMs))) throw challengeRefused(twoStepMessages.challengeOver);
      if (proof === 'recovery') await recordAudit(db, context, 'two_step_recovery_code_used', userId);
      return userId;
    },
  };
}

export type TwoStepService = ReturnType<typeof createTwoStepService>;
