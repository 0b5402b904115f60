import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PHONE_CODE_ATTEMPTS, PHONE_CODE_LENGTH, PHONE_CODE_RESEND_SECONDS, PHONE_CODE_TTL_SECONDS, PHONE_CODES_PER_HOUR } from '@poisha/contracts';

/**
 * The rules of one-time codes sent by SMS (decision 0041), as pure functions: what a code looks
 * like, how it is kept (a keyed hash, compared in constant time), and when a new one may be sent.
 * The phone proof uses them today; a PIN reset by SMS can use them tomorrow.
 */
export const codeRules = {
  length: PHONE_CODE_LENGTH,
  ttlMs: PHONE_CODE_TTL_SECONDS * 1000,
  attempts: PHONE_CODE_ATTEMPTS,
  resendAfterMs: PHONE_CODE_RESEND_SECONDS * 1000,
  /** Per number and account: what one account may send to a number. */
  perTargetPerHour: PHONE_CODES_PER_HOUR,
  /** Per number, whoever asks: a cap on how often a phone can be texted, for many accounts together. */
  perTargetAllAccountsPerHour: 2 * PHONE_CODES_PER_HOUR,
  hourMs: 60 * 60 * 1000,
} as const;

/** Random digits from the CSPRNG, leading zeros kept. */
export const newOneTimeCode = (length: number = codeRules.length) => String(randomInt(0, 10 ** length)).padStart(length, '0');

/**
 * The key codes are hashed with: derived from the server secret (IDENTITY_HASH_SECRET) for this use
 * alone, so a code hash and an identity hash are never made with the same key.
 */
export const oneTimeCodeKey = (serverSecret: string): Buffer => createHmac('sha256', serverSecret).update('poisha one-time codes v1').digest();

/**
 * HMAC-SHA256 of the code, bound to its row: the same six digits give another hash on another
 * code, and a copy of the database without the secret cannot try the million codes offline.
 */
export const hashOneTimeCode = (key: Buffer, codeId: string, code: string): string => createHmac('sha256', key).update(`${codeId}:${code}`).digest('hex');

/** Whether `code` is the one behind `storedHash`, compared in constant time. */
export function oneTimeCodeMatches(key: Buffer, codeId: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashOneTimeCode(key, codeId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export type SendDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/** A code sent to a number: when, and for which account. */
export interface SentCode {
  atMs: number;
  userId: string;
}

/** How long until the oldest of the last `max` sends leaves the hour, or null while fewer than `max` are in it. */
function waitForRoom(newestFirst: readonly number[], max: number, nowMs: number, hourMs: number): number | null {
  const oldestCounted = newestFirst[max - 1];
  return oldestCounted === undefined ? null : oldestCounted + hourMs - nowMs;
}

/**
 * Whether a new code may go to a number for `userId`, from the codes sent to it in the last hour:
 * at most one a minute whoever asks; `perTargetPerHour` an hour for each account; and
 * `perTargetAllAccountsPerHour` for all accounts together. Someone who typed another person's
 * number uses up only their own account's share, so the owner still gets a code (decision 0041);
 * a phone cannot be texted more than the cap an hour, however many accounts ask. Windows slide.
 * When not allowed, how long until a code may go.
 */
export function sendDecision(
  sent: readonly SentCode[],
  userId: string,
  nowMs: number,
  rules: Pick<typeof codeRules, 'resendAfterMs' | 'perTargetPerHour' | 'perTargetAllAccountsPerHour' | 'hourMs'> = codeRules,
): SendDecision {
  const lastHour = sent.filter((code) => code.atMs > nowMs - rules.hourMs).sort((a, b) => b.atMs - a.atMs);
  const allTimes = lastHour.map((code) => code.atMs);
  const ownTimes = lastHour.filter((code) => code.userId === userId).map((code) => code.atMs);
  const latest = allTimes[0];
  const waits = [
    latest !== undefined && nowMs - latest < rules.resendAfterMs ? latest + rules.resendAfterMs - nowMs : null,
    waitForRoom(ownTimes, rules.perTargetPerHour, nowMs, rules.hourMs),
    waitForRoom(allTimes, rules.perTargetAllAccountsPerHour, nowMs, rules.hourMs),
  ].filter((wait): wait is number => wait !== null);
  return waits.length === 0 ? { allowed: true } : { allowed: false, retryAfterMs: Math.max(...waits) };
}

/** Why a code did not work, from the newest code the account has for the purpose. */
export function whyNoLiveCode(latest: { used_at: string | null; expires_at: string; attempts: number } | undefined, nowMs: number, maxAttempts: number = codeRules.attempts): 'none' | 'expired' | 'exhausted' {
  if (!latest || latest.used_at !== null) return 'none';
  if (latest.attempts >= maxAttempts) return 'exhausted';
  if (Date.parse(latest.expires_at) <= nowMs) return 'expired';
  // Counted and live a moment ago, and no longer: another request used up its tries or used it.
  return 'exhausted';
}
