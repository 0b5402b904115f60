import type { Queryable } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';

/**
 * Makes `phone` the user's proven number (the one proven at sign-up, or a new one from Settings).
 * Answers the row as it is after the update: the e-mail's verification committed meanwhile is seen
 * (the update waits for its row lock on PostgreSQL).
 * A number another account proved first (or is proving at this moment) fails on the partial unique
 * index of proven numbers, `users_proven_phone`.
 */
export async function markPhoneProven(db: Queryable, userId: string, phone: string, nowMs: number) {
  return db
    .updateTable('users')
    .set({ phone, phone_verified_at: isoAt(nowMs) })
    .where('id', '=', userId)
    .where('closed_at', 'is', null)
    .returning(['email', 'email_verified_at', 'phone', 'phone_verified_at'])
    .executeTakeFirst();
}

