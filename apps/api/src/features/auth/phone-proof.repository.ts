import { CURRENCY } from '@poisha/contracts';
import type { Queryable } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';

/**
 * Makes `phone` the user's proven number (the one proven at sign-up, or a new one from Settings).
 * Answers the row as it is after the update, with whether it was proven before: the e-mail's
 * verification committed meanwhile is seen (the update waits for its row lock on PostgreSQL).
 * A number another account proved first (or is proving at this moment) fails on the partial unique
 * index of proven numbers, `users_proven_phone`.
 */
export async function markPhoneProven(db: Queryable, userId: string, phone: string, nowMs: number) {
  const before = await db.selectFrom('users').select('phone_verified_at').where('id', '=', userId).executeTakeFirst();
  const after = await db
    .updateTable('users')
    .set({ phone, phone_verified_at: isoAt(nowMs) })
    .where('id', '=', userId)
    .where('closed_at', 'is', null)
    .returning(['email', 'email_verified_at', 'phone', 'phone_verified_at'])
    .executeTakeFirst();
  return after && { ...after, provenBefore: before !== undefined && before.phone_verified_at !== null };
}

export function walletIdOf(db: Queryable, userId: string) {
  return db.selectFrom('accounts').select('id').where('user_id', '=', userId).where('currency', '=', CURRENCY).where('kind', '=', 'wallet').executeTakeFirstOrThrow();
}
