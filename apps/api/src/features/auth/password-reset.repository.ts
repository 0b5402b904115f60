import type { Transaction } from 'kysely';
import type { Database, Queryable } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';

export async function insertResetToken(
  db: Queryable,
  token: { tokenHash: string; userId: string; nowMs: number; expiresAtMs: number },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: token.tokenHash,
      user_id: token.userId,
      created_at: isoAt(token.nowMs),
      expires_at: isoAt(token.expiresAtMs),
      used_at: null,
    })
    .execute();
}

/**
 * Marks the token used if it is still valid and returns its user. The conditional update makes
 * the token single-use even when two requests present it at once.
 */
export async function consumeResetToken(db: Transaction<Database>, tokenHash: string, now: number) {
  return db
    .updateTable('password_reset_tokens')
    .set({ used_at: isoAt(now) })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoAt(now))
    .returning('user_id')
    .executeTakeFirst();
}

/** The user of a token that is unused and not expired, without using it up; null otherwise. */
export async function findResetTokenUser(db: Queryable, tokenHash: string, now: number): Promise<string | null> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoAt(now))
    .executeTakeFirst();
  return row?.user_id ?? null;
}
