import { compiledOnce } from '../../db/compiled-once.js';
import type { Queryable, SessionRow } from '../../db/schema.js';
import { isoAt } from '../clock.js';
import { usersWithBalance, type UserWithBalance } from '../users/users.repository.js';

export async function insertSession(db: Queryable, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** Every API request looks its session up: compiled once (db/compiled-once.ts). */
const sessionOfUnlockedUser = compiledOnce((db: Queryable, { id }: { id: string }) =>
  db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').selectAll('sessions').where('sessions.id', '=', id).where('users.locked_at', 'is', null),
);

/** The session, unless its user's account is locked: a lock ends every session at once. */
export async function findSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  const [session] = await sessionOfUnlockedUser(db, { id });
  return session;
}

/** The same session lookup, bringing its user and their balance along in the same query. */
const sessionWithUserOfUnlockedUser = compiledOnce((db: Queryable, { id }: { id: string }) =>
  usersWithBalance(db)
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .select(['sessions.id as session_id', 'sessions.csrf_token', 'sessions.last_seen_at', 'sessions.expires_at'])
    .where('sessions.id', '=', id)
    .where('users.locked_at', 'is', null),
);

export type ActiveSessionRow = Pick<SessionRow, 'id' | 'user_id' | 'csrf_token' | 'last_seen_at' | 'expires_at'>;

/**
 * `findSession` for a route that shows the signed-in user (`GET /me`): one query instead of the
 * session's and then the user's, one round trip fewer on PostgreSQL (issue 11).
 */
export async function findSessionWithUser(db: Queryable, id: string): Promise<{ session: ActiveSessionRow; user: UserWithBalance } | undefined> {
  const [row] = await sessionWithUserOfUnlockedUser(db, { id });
  if (!row) return undefined;
  const { session_id, csrf_token, last_seen_at, expires_at, ...user } = row;
  return { session: { id: session_id, user_id: user.id, csrf_token, last_seen_at, expires_at }, user };
}

/** Records activity at `at` for these sessions; a session already seen later keeps its time. */
export async function recordSessionActivity(db: Queryable, ids: string[], at: number): Promise<void> {
  const seenAt = isoAt(at);
  await db.updateTable('sessions').set({ last_seen_at: seenAt }).where('id', 'in', ids).where('last_seen_at', '<', seenAt).execute();
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
