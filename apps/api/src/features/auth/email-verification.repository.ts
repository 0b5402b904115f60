import type { Queryable } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';

export async function insertVerificationToken(
  db: Queryable,
  token: { tokenHash: string; userId: string; email: string; nowMs: number; expiresAtMs: number },
): Promise<void> {
  await db
    .insertInto('email_verification_tokens')
    .values({ token_hash: token.tokenHash, user_id: token.userId, email: token.email, created_at: isoAt(token.nowMs), expires_at: isoAt(token.expiresAtMs) })
    .execute();
}

/**
 * The open account behind a verification link that has not expired and was mailed to the address
 * the account still has (a link to an address since changed verifies nothing), with its wallet.
 */
export function findVerificationLink(db: Queryable, tokenHash: string, nowMs: number) {
  return db
    .selectFrom('email_verification_tokens')
    .innerJoin('users', 'users.id', 'email_verification_tokens.user_id')
    .innerJoin('accounts', (join) => join.onRef('accounts.user_id', '=', 'users.id').on('accounts.kind', '=', 'wallet'))
    .select(['users.id as userId', 'users.email', 'users.phone', 'accounts.id as walletId'])
    .where('email_verification_tokens.token_hash', '=', tokenHash)
    .where('email_verification_tokens.expires_at', '>', isoAt(nowMs))
    .whereRef('email_verification_tokens.email', '=', 'users.email')
    .where('users.closed_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Marks the address verified; undefined when it already was (only one request does it). Answers the
 * phone's proof and number as the row is after the update: a phone proof committed meanwhile is seen
 * (the update waits for its row lock on PostgreSQL), so one of the two proofs pays the bonus.
 */
export async function markEmailVerified(db: Queryable, userId: string, nowMs: number): Promise<{ phoneVerifiedAt: string | null; phone: string } | undefined> {
  const marked = await db
    .updateTable('users')
    .set({ email_verified_at: isoAt(nowMs) })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .returning(['phone_verified_at', 'phone'])
    .executeTakeFirst();
  return marked && { phoneVerifiedAt: marked.phone_verified_at, phone: marked.phone };
}
