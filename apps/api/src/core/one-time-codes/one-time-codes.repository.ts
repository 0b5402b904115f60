import type { OneTimeCodePurpose, Queryable } from '../../db/schema.js';
import { isoAt } from '../clock.js';
import type { SentCode } from './one-time-codes.js';

/**
 * Takes the number's row (one per purpose and number) before its codes are counted: on PostgreSQL
 * the upsert locks it until the transaction ends, so two requests for a code to one number are
 * decided one after the other; SQLite writes one transaction at a time. The first statement is the
 * write, so SQLite's transaction holds the write lock before it reads.
 */
export async function lockCodeTarget(trx: Queryable, purpose: OneTimeCodePurpose, target: string, nowMs: number): Promise<void> {
  await trx
    .insertInto('one_time_code_targets')
    .values({ purpose, target, requested_at: isoAt(nowMs) })
    .onConflict((conflict) => conflict.columns(['purpose', 'target']).doUpdateSet({ requested_at: isoAt(nowMs) }))
    .execute();
}

/** When the codes sent to the number since `sinceMs` were made, whichever account asked for them. */
export async function codesSentTo(db: Queryable, purpose: OneTimeCodePurpose, target: string, sinceMs: number): Promise<SentCode[]> {
  const rows = await db
    .selectFrom('one_time_codes')
    .select(['created_at', 'user_id'])
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .where('created_at', '>', isoAt(sinceMs))
    .execute();
  return rows.map((row) => ({ atMs: Date.parse(row.created_at), userId: row.user_id }));
}

/** The account's codes of this purpose not used yet stop working (a new code replaces them). */
export async function retireCodes(db: Queryable, userId: string, purpose: OneTimeCodePurpose, nowMs: number): Promise<void> {
  await db.updateTable('one_time_codes').set({ used_at: isoAt(nowMs) }).where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
}

export async function insertCode(
  db: Queryable,
  code: { id: string; userId: string; purpose: OneTimeCodePurpose; target: string; codeHash: string; nowMs: number; expiresAtMs: number },
): Promise<void> {
  await db
    .insertInto('one_time_codes')
    .values({
      id: code.id,
      user_id: code.userId,
      purpose: code.purpose,
      target: code.target,
      code_hash: code.codeHash,
      created_at: isoAt(code.nowMs),
      expires_at: isoAt(code.expiresAtMs),
    })
    .execute();
}

/**
 * Counts a try on the account's live code (unused, not expired, under `maxAttempts` tries) and
 * answers it; the same statement finds and counts, so simultaneous tries cannot exceed the limit.
 */
export function countTryOnLiveCode(db: Queryable, userId: string, purpose: OneTimeCodePurpose, nowMs: number, maxAttempts: number) {
  return db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoAt(nowMs))
    .where('attempts', '<', maxAttempts)
    .returning(['id', 'code_hash', 'target', 'attempts'])
    .executeTakeFirst();
}

/** The account's newest code of the purpose, to tell why none is live. */
export function latestCode(db: Queryable, userId: string, purpose: OneTimeCodePurpose) {
  return db
    .selectFrom('one_time_codes')
    .select(['used_at', 'expires_at', 'attempts'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Marks the code used; false when another request used it first. */
export async function markCodeUsed(db: Queryable, id: string, nowMs: number): Promise<boolean> {
  const used = await db.updateTable('one_time_codes').set({ used_at: isoAt(nowMs) }).where('id', '=', id).where('used_at', 'is', null).returning('id').executeTakeFirst();
  return used !== undefined;
}
