import { createHmac } from 'node:crypto';
import type { Queryable } from '../../db/schema.js';
import { isoAt } from '../../http/clock.js';

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
  const hashes = identityHashes(secret, person);
  const claimed = await trx
    .insertInto('welcome_bonus_claims')
    .values(hashes.map((identity_hash) => ({ identity_hash, user_id: person.userId, claimed_at: isoAt(nowMs) })))
    .onConflict((conflict) => conflict.column('identity_hash').doNothing())
    .returning('identity_hash')
    .execute();
  if (claimed.length === hashes.length) return true;
  // The other identity had it before: the one just claimed stays free, as no bonus comes of it.
  if (claimed.length > 0) {
    await trx.deleteFrom('welcome_bonus_claims').where('identity_hash', 'in', claimed.map((row) => row.identity_hash)).execute();
  }
  return false;
}

/**
 * Records the identities of a user who has the bonus without a claim (credited before claims
 * existed), as their account closes: they cannot earn it again by signing up anew.
 */
export async function rememberBonusIdentitiesOnClose(trx: Queryable, secret: string, userId: string, nowMs: number): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .innerJoin('welcome_bonuses', 'welcome_bonuses.user_id', 'users.id')
    .select(['users.email', 'users.phone'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) return;
  await trx
    .insertInto('welcome_bonus_claims')
    .values(identityHashes(secret, user).map((identity_hash) => ({ identity_hash, user_id: userId, claimed_at: isoAt(nowMs) })))
    .onConflict((conflict) => conflict.column('identity_hash').doNothing())
    .execute();
}
