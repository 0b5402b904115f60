import type { Queryable } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';

/** The account's codes not used yet stop working (a new code replaces them). */
export async function retireSignInCodes(db: Queryable, userId: string, nowMs: number): Promise<void> {
  await db.updateTable('sign_in_codes').set({ used_at: isoAt(nowMs) }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export async function insertSignInCode(db: Queryable, code: { userId: string; codeHash: string; nowMs: number; expiresAtMs: number }): Promise<void> {
  await db
    .insertInto('sign_in_codes')
    .values({ id: crypto.randomUUID(), user_id: code.userId, code_hash: code.codeHash, created_at: isoAt(code.nowMs), expires_at: isoAt(code.expiresAtMs) })
    .execute();
}

/**
 * Counts a try on the account's live code (unused, not expired, under `maxAttempts` tries) and
 * answers it; the same statement finds and counts, so simultaneous tries cannot exceed the limit.
 */
export function countTryOnLiveCode(db: Queryable, userId: string, nowMs: number, maxAttempts: number) {
  return db
    .updateTable('sign_in_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoAt(nowMs))
    .where('attempts', '<', maxAttempts)
    .returning(['id', 'code_hash'])
    .executeTakeFirst();
}

/** Marks the code used; false when another request used it first. */
export async function markSignInCodeUsed(db: Queryable, id: string, nowMs: number): Promise<boolean> {
  const used = await db.updateTable('sign_in_codes').set({ used_at: isoAt(nowMs) }).where('id', '=', id).where('used_at', 'is', null).returning('id').executeTakeFirst();
  return used !== undefined;
}
