import type { Kysely } from 'kysely';
import type { Database, Queryable } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';

/** Open accounts created before `beforeMs`, by id after `afterId`: one batch of those a month's statement is for. */
export function openUsersCreatedBefore(db: Kysely<Database>, beforeMs: number, afterId: string, limit: number): Promise<Array<{ id: string }>> {
  return db
    .selectFrom('users')
    .select('id')
    .where('created_at', '<', isoAt(beforeMs))
    .where('closed_at', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Issues the month's statement to each user, once: the key (user, month) skips a row another run
 * already wrote. Answers the users whose row this call inserted.
 */
export async function insertMonthlyStatements(db: Queryable, userIds: string[], month: string, nowMs: number): Promise<string[]> {
  const inserted = await db
    .insertInto('monthly_statements')
    .values(userIds.map((userId) => ({ user_id: userId, month, created_at: isoAt(nowMs) })))
    .onConflict((conflict) => conflict.columns(['user_id', 'month']).doNothing())
    .returning('user_id')
    .execute();
  return inserted.map((row) => row.user_id);
}

/** The months issued to a user, newest first. */
export async function listMonthlyStatements(db: Kysely<Database>, userId: string, limit: number): Promise<Array<{ month: string; issuedAt: string }>> {
  const rows = await db
    .selectFrom('monthly_statements')
    .select(['month', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('month', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ month: row.month, issuedAt: row.created_at }));
}
