import type { Queryable, SessionRow } from '../../db/schema.js';
import { isoAt } from '../../http/clock.js';

export async function insertSession(db: Queryable, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export function findSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchSession(db: Queryable, id: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: isoAt(now) }).where('id', '=', id).execute();
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteUserSessions(db: Queryable, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Removes sessions that can no longer be used; their expiry is checked on every request anyway. */
export async function deleteStaleSessions(db: Queryable, idleCutoff: number, now: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', isoAt(now)), eb('last_seen_at', '<=', isoAt(idleCutoff))]))
    .execute();
}
