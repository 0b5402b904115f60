import type { Queryable } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';

export function findTwoStepFactor(db: Queryable, userId: string) {
  return db.selectFrom('two_step_factors').select(['secret_sealed', 'enabled_at', 'last_used_step']).where('user_id', '=', userId).executeTakeFirst();
}

/** A secret scanned but not yet proven replaces an earlier one; false when two-step sign-in is on. */
export async function savePendingFactor(db: Queryable, userId: string, secretSealed: string, nowMs: number): Promise<boolean> {
  const saved = await db
    .insertInto('two_step_factors')
    .values({ user_id: userId, secret_sealed: secretSealed, created_at: isoAt(nowMs) })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ secret_sealed: secretSealed, created_at: isoAt(nowMs), last_used_step: 0 }).where('two_step_factors.enabled_at', 'is', null))
    .returning('user_id')
    .executeTakeFirst();
  return saved !== undefined;
}

/** Turns the pending factor on with the step its first code was for; false if it is on already. */
export async function enableFactor(db: Queryable, userId: string, step: number, nowMs: number): Promise<boolean> {
  const enabled = await db
    .updateTable('two_step_factors')
    .set({ enabled_at: isoAt(nowMs), last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return enabled !== undefined;
}

/**
 * Takes a code's step: only a step later than every one used before, by one conditional update,
 * so a code (or two requests with one code) works once.
 */
export async function useStep(db: Queryable, userId: string, step: number): Promise<boolean> {
  const used = await db
    .updateTable('two_step_factors')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where('last_used_step', '<', step)
    .returning('user_id')
    .executeTakeFirst();
  return used !== undefined;
}

export async function replaceRecoveryCodes(db: Queryable, userId: string, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_step_recovery_codes')
    .values(codeHashes.map((codeHash) => ({ code_hash: codeHash, user_id: userId })))
    .execute();
}

/** Uses a recovery code once: true for the one request whose update marks it used. */
export async function useRecoveryCode(db: Queryable, userId: string, codeHash: string, nowMs: number): Promise<boolean> {
  const used = await db
    .updateTable('two_step_recovery_codes')
    .set({ used_at: isoAt(nowMs) })
    .where('code_hash', '=', codeHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .returning('code_hash')
    .executeTakeFirst();
  return used !== undefined;
}

export async function recoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_step_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}

export async function deleteTwoStep(db: Queryable, userId: string): Promise<void> {
  await db.deleteFrom('two_step_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_step_factors').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_step_challenges').where('user_id', '=', userId).execute();
}

export async function insertChallenge(db: Queryable, challenge: { tokenHash: string; userId: string; nowMs: number; expiresAtMs: number }): Promise<void> {
  await db
    .insertInto('two_step_challenges')
    .values({ token_hash: challenge.tokenHash, user_id: challenge.userId, created_at: isoAt(challenge.nowMs), expires_at: isoAt(challenge.expiresAtMs) })
    .execute();
}

/**
 * Counts a try on a live challenge (unused, not expired, tries left) by the statement that finds
 * it, before the code is checked: parallel guesses cannot exceed its tries. Answers its account.
 */
export async function countTryOnChallenge(db: Queryable, tokenHash: string, nowMs: number, maxAttempts: number): Promise<string | undefined> {
  const row = await db
    .updateTable('two_step_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoAt(nowMs))
    .where('attempts', '<', maxAttempts)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export async function markChallengeUsed(db: Queryable, tokenHash: string, nowMs: number): Promise<boolean> {
  const used = await db.updateTable('two_step_challenges').set({ used_at: isoAt(nowMs) }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).returning('token_hash').executeTakeFirst();
  return used !== undefined;
}

export async function deleteOldChallenges(db: Queryable, nowMs: number): Promise<void> {
  await db.deleteFrom('two_step_challenges').where('expires_at', '<', isoAt(nowMs - 24 * 60 * 60 * 1000)).execute();
}
