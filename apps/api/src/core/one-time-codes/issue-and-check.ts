import { errorCodes, phoneProofMessages } from '@poisha/contracts';
import type { Kysely } from 'kysely';
import type { Database, OneTimeCodePurpose } from '../../db/schema.js';
import { AppError } from '../errors.js';
import { rateLimitMessage } from '../rate-limit/rate-limit-policy.js';
import { codeRules, hashOneTimeCode, newOneTimeCode, oneTimeCodeMatches, sendDecision, whyNoLiveCode } from './one-time-codes.js';
import { codesSentTo, countTryOnLiveCode, insertCode, latestCode, lockCodeTarget, retireCodes } from './one-time-codes.repository.js';

export interface IssuedCode {
  /** The code itself: it goes into the SMS and nowhere else (never a log, never the database). */
  code: string;
  expiresAtMs: number;
  /** When the number may have another code. */
  resendAtMs: number;
}

/**
 * Makes a code for the account to prove `target` with, replacing the account's previous code of the
 * purpose, if the number may have one now (one a minute whoever asks, five an hour per account, ten
 * an hour for all accounts: decided with the number's row locked, so parallel requests cannot pass
 * together). Throws 429
 * `rate_limited` with Retry-After otherwise. The caller sends it, after this transaction.
 */
export async function issueOneTimeCode(
  db: Kysely<Database>,
  key: Buffer,
  request: { userId: string; purpose: OneTimeCodePurpose; target: string; nowMs: number },
): Promise<IssuedCode> {
  const { userId, purpose, target, nowMs } = request;
  const code = newOneTimeCode();
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await lockCodeTarget(trx, purpose, target, nowMs);
    const decision = sendDecision(await codesSentTo(trx, purpose, target, nowMs - codeRules.hourMs), userId, nowMs);
    if (!decision.allowed) {
      const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      throw new AppError(errorCodes.rateLimited, rateLimitMessage(seconds), undefined, { 'retry-after': String(seconds) });
    }
    await retireCodes(trx, userId, purpose, nowMs);
    await insertCode(trx, { id, userId, purpose, target, codeHash: hashOneTimeCode(key, id, code), nowMs, expiresAtMs: nowMs + codeRules.ttlMs });
  });
  return { code, expiresAtMs: nowMs + codeRules.ttlMs, resendAtMs: nowMs + codeRules.resendAfterMs };
}

const codeRefusal = (why: 'none' | 'expired' | 'exhausted' | 'wrong') =>
  ({
    none: () => new AppError(errorCodes.phoneCodeExpired, phoneProofMessages.noCode, { code: phoneProofMessages.noCode }),
    expired: () => new AppError(errorCodes.phoneCodeExpired, phoneProofMessages.expiredCode, { code: phoneProofMessages.expiredCode }),
    exhausted: () => new AppError(errorCodes.phoneCodeAttemptsExhausted, phoneProofMessages.tooManyTries, { code: phoneProofMessages.tooManyTries }),
    wrong: () => new AppError(errorCodes.invalidPhoneCode, phoneProofMessages.wrongCode, { code: phoneProofMessages.wrongCode }),
  })[why]();

/**
 * Checks a code typed by the account. The try is counted on the live code by the statement that
 * finds it, before the code is compared, so 20 simultaneous guesses check at most `attempts` of
 * them. Answers the code's row (its id, to be marked used in the caller's transaction, and the
 * number it proves); throws `invalid_phone_code`, `phone_code_expired` (also when no code waits)
 * or `phone_code_attempts_exhausted`.
 */
export async function checkOneTimeCode(
  db: Kysely<Database>,
  key: Buffer,
  attempt: { userId: string; purpose: OneTimeCodePurpose; code: string; nowMs: number },
): Promise<{ id: string; target: string }> {
  const { userId, purpose, code, nowMs } = attempt;
  const live = await countTryOnLiveCode(db, userId, purpose, nowMs, codeRules.attempts);
  if (!live) throw codeRefusal(whyNoLiveCode(await latestCode(db, userId, purpose), nowMs));
  if (!oneTimeCodeMatches(key, live.id, code, live.code_hash)) throw codeRefusal('wrong');
  return { id: live.id, target: live.target };
}
