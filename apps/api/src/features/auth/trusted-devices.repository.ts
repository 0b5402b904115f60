import type { Queryable } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';

/** The device of this cookie's hash, if it signed in to this user's account before. */
export function findTrustedDevice(db: Queryable, tokenHash: string, userId: string) {
  return db
    .selectFrom('trusted_devices')
    .select(['token_hash', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function rememberDevice(db: Queryable, device: { tokenHash: string; userId: string; nowMs: number }): Promise<void> {
  await db
    .insertInto('trusted_devices')
    .values({ token_hash: device.tokenHash, user_id: device.userId, created_at: isoAt(device.nowMs), last_used_at: isoAt(device.nowMs) })
    .execute();
}

export async function touchDevice(db: Queryable, tokenHash: string, nowMs: number): Promise<void> {
  await db.updateTable('trusted_devices').set({ last_used_at: isoAt(nowMs) }).where('token_hash', '=', tokenHash).execute();
}

/** Devices unused for a year are forgotten (housekeeping). */
export async function deleteStaleDevices(db: Queryable, nowMs: number): Promise<void> {
  await db.deleteFrom('trusted_devices').where('last_used_at', '<', isoAt(nowMs - 365 * 24 * 60 * 60 * 1000)).execute();
}
