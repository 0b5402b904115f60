import type { Queryable } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';

/** The identity had the bonus before: the user is marked as refused (and told why). */
export async function markWelcomeBonusRefused(db: Queryable, userId: string, nowMs: number): Promise<void> {
  await db.updateTable('users').set({ welcome_bonus_refused_at: isoAt(nowMs) }).where('id', '=', userId).execute();
}

/** Its primary key (the user) makes a second credit to one user fail. */
export async function recordWelcomeBonus(db: Queryable, userId: string, transferId: string): Promise<void> {
  await db.insertInto('welcome_bonuses').values({ user_id: userId, transfer_id: transferId }).execute();
}

export async function hasWelcomeBonus(db: Queryable, userId: string): Promise<boolean> {
  const credited = await db.selectFrom('welcome_bonuses').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return credited !== undefined;
}
