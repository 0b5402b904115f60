import type { Queryable } from '../../db/schema.js';
import { isoAt } from '../clock.js';
import { deleteUserSessions } from '../session/sessions.repository.js';

/** What a locked account's owner reads when signing in (the operator's reason stays in the audit log). */
export const ACCOUNT_LOCKED_MESSAGE = 'This account is locked. Please call the help line or write to support to unlock it.';

/**
 * Locks the account: sign-in is refused from now on, and every session ends (the session look-up
 * also refuses a locked user's sessions, so a sign-in racing the lock gains nothing). Answers
 * whether it was unlocked before. Run it inside the transaction that records the operator's action.
 */
export async function lockAccount(db: Queryable, userId: string, nowMs: number): Promise<boolean> {
  const result = await db.updateTable('users').set({ locked_at: isoAt(nowMs) }).where('id', '=', userId).where('locked_at', 'is', null).executeTakeFirst();
  await deleteUserSessions(db, userId);
  return Number(result.numUpdatedRows) > 0;
}

/** Unlocks the account; its owner signs in again (the sessions ended at the lock stay ended). */
export async function unlockAccount(db: Queryable, userId: string): Promise<boolean> {
  const result = await db.updateTable('users').set({ locked_at: null }).where('id', '=', userId).where('locked_at', 'is not', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
