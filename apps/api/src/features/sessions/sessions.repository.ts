import type { Queryable } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';

/**
 * A session still in use at `nowMs`: not past its 12 hours, and active within the idle limit. Its
 * stored `last_seen_at` is never more than a minute behind near that limit (decision 0026), so the
 * stored time decides here as it does for the session's own requests.
 */
export interface LiveWindow {
  nowMs: number;
  idleCutoffMs: number;
}


export type UserSessionRow = { id: string; public_id: string; ip: string | null; user_agent: string | null; created_at: string; last_seen_at: string };

/** The user's live sessions, the most recently active first, at most `limit`. */
export function listLiveSessions(db: Queryable, userId: string, window: LiveWindow, limit: number): Promise<UserSessionRow[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'public_id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', isoAt(window.nowMs))
    .where('last_seen_at', '>', isoAt(window.idleCutoffMs))
    .orderBy('last_seen_at', 'desc')
    .orderBy('public_id')
    .limit(limit)
    .execute();
}

export async function countLiveSessions(db: Queryable, userId: string, window: LiveWindow): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', isoAt(window.nowMs))
    .where('last_seen_at', '>', isoAt(window.idleCutoffMs))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** One live session of the user's, by the public id the list gave it. */
export function findLiveSession(db: Queryable, userId: string, publicId: string, window: LiveWindow) {
  return db
    .selectFrom('sessions')
    .select(['id', 'device_hash'])
    .where('user_id', '=', userId)
    .where('public_id', '=', publicId)
    .where('expires_at', '>', isoAt(window.nowMs))
    .where('last_seen_at', '>', isoAt(window.idleCutoffMs))
    .executeTakeFirst();
}

/** The live session a mailed link names by its token's hash. */
export function findLiveSessionByEndLink(db: Queryable, endLinkHash: string, window: LiveWindow) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'device_hash'])
    .where('end_link_hash', '=', endLinkHash)
    .where('expires_at', '>', isoAt(window.nowMs))
    .where('last_seen_at', '>', isoAt(window.idleCutoffMs))
    .executeTakeFirst();
}

/** Ends one session; answers whether it was still there (of two racing requests, one ends it). */
export async function deleteSessionById(db: Queryable, id: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every live session of the user but `keepSessionId`; answers how many. Dead ones are left to housekeeping. */
export async function deleteOtherLiveSessions(db: Queryable, userId: string, keepSessionId: string, window: LiveWindow): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '<>', keepSessionId)
    .where('expires_at', '>', isoAt(window.nowMs))
    .where('last_seen_at', '>', isoAt(window.idleCutoffMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Forgets the browser an ended session signed in with as a known device of the user's (decision
 * 0011): signing in there again is a new device, held by the lockout and told by mail.
 */
export async function forgetDevice(db: Queryable, userId: string, deviceHash: string): Promise<void> {
  await db.deleteFrom('trusted_devices').where('token_hash', '=', deviceHash).where('user_id', '=', userId).execute();
}
