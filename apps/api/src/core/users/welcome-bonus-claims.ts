import { createHmac } from 'node:crypto';
import type { Queryable } from '../../db/schema.js';
import { isoAt } from '../clock.js';

/**
 * The welcome bonus is once per e-mail address and once per phone number, ever (issue 24, defect 1):
 * closing the account and signing up again with either does not earn it twice. What has claimed it
 * is kept as HMAC-SHA256 under a server secret (IDENTITY_HASH_SECRET), so the table reveals no
 * address or number, and a copy of the database alone cannot test guesses against it.
 */
export function identityHashes(secret: string, person: { email: string; phone: string }): string[] {
  const keyed = (value: string) => createHmac('sha256', secret).update(value).digest('hex');
  // Normalised as the sign-up schemas store them: e-mail trimmed and lower-cased, phone in E.164.
  return [keyed(`email:${person.email.trim().toLowerCase()}`), keyed(`phone:${person.phone.trim()}`)];
}

/** The claim rows of one person's e-mail and phone. */
function claimRows(secret: string, person: { email: string; phone: string }, userId: string, nowMs: number) {
  return identityHashes(secret, person).map((identity_hash) => ({ identity_hash, user_id: userId, claimed_at: isoAt(nowMs) }));
}

/** Three values a row: well under SQLite's 32,766 bound parameters and PostgreSQL's 65,535. */
const CLAIMS_PER_INSERT = 500;

/**
 * Claims the bonus for the person's e-mail and phone inside the caller's transaction (the one that
 * credits the bonus). True when both were unclaimed: the claims then commit with the credit. When
 * either was claimed before, nothing is claimed and the answer is false. Concurrent claims of one
 * identity meet at the primary key: on PostgreSQL the second waits for the first and then inserts
 * nothing; SQLite runs one write transaction at a time. E-mail always comes before phone, so two
 * claims never wait on each other in a cycle.
 */
export async function claimWelcomeBonusIdentities(
  trx: Queryable,
  secret: string,
  person: { userId: string; email: string; phone: string },
  nowMs: number,
): Promise<boolean> {
  const rows = claimRows(secret, person, person.userId, nowMs);
  const claimed = await trx
    .insertInto('welcome_bonus_claims')
    .values(rows)
    .onConflict((conflict) => conflict.column('identity_hash').doNothing())
    .returning('identity_hash')
    .execute();
  if (claimed.length === rows.length) return true;
  // The other identity had it before: the one just claimed stays free, as no bonus comes of it.
  if (claimed.length > 0) {
    await trx.deleteFrom('welcome_bonus_claims').where('identity_hash', 'in', claimed.map((row) => row.identity_hash)).execute();
  }
  return false;
}

/**
 * Claims the identities of every user who had the bonus before claims existed (their account open
 * or closed; a closed account's e-mail and phone are in closed_email / closed_phone), so that none
 * of them earns it again. Run at every start after the migrations; once done it finds no one.
 * Answers how many users it claimed for. Several instances may run it at once: a claim already
 * made is left as it is.
 */
export async function claimBonusesGrantedBeforeClaims(db: Queryable, secret: string, nowMs: number): Promise<number> {
  const unclaimed = await db
    .selectFrom('users')
    .innerJoin('welcome_bonuses', 'welcome_bonuses.user_id', 'users.id')
    .leftJoin('welcome_bonus_claims', 'welcome_bonus_claims.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.phone', 'users.closed_at', 'users.closed_email', 'users.closed_phone'])
    .where('welcome_bonus_claims.user_id', 'is', null)
    .execute();
  const rows = unclaimed.flatMap((user) => {
    const email = user.closed_at === null ? user.email : user.closed_email;
    const phone = user.closed_at === null ? user.phone : user.closed_phone;
    return email === null || phone === null ? [] : claimRows(secret, { email, phone }, user.id, nowMs);
  });
  // In batches: one statement per few hundred claims, not one per user, before the server is ready.
  for (let start = 0; start < rows.length; start += CLAIMS_PER_INSERT) {
    await db
      .insertInto('welcome_bonus_claims')
      .values(rows.slice(start, start + CLAIMS_PER_INSERT))
      .onConflict((conflict) => conflict.column('identity_hash').doNothing())
      .execute();
  }
  return unclaimed.length;
}
