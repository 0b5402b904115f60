import { CURRENCY, securityEventTypeSchema, type Language, type SecurityEvent, type SecurityEventType } from '@poisha/contracts';
import type { Queryable } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';
import { expireUserResetTokens } from '../../core/users/users.repository.js';

/** The audit events a user sees as their "recent security activity" (the contract's list). */
export const SECURITY_EVENTS = securityEventTypeSchema.options;

export async function updateName(db: Queryable, userId: string, name: string): Promise<void> {
  await db.updateTable('users').set({ name }).where('id', '=', userId).execute();
}

export async function updateLanguage(db: Queryable, userId: string, language: Language): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

export async function updatePhotoPath(db: Queryable, userId: string, photoPath: string | null): Promise<string | null> {
  const before = await db.selectFrom('users').select('photo_path').where('id', '=', userId).executeTakeFirst();
  await db.updateTable('users').set({ photo_path: photoPath }).where('id', '=', userId).execute();
  return before?.photo_path ?? null;
}

/** Whether an open account (other than `exceptUserId`) uses this e-mail address. */
export async function emailInUse(db: Queryable, email: string, exceptUserId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).where('id', '<>', exceptUserId).executeTakeFirst();
  return row !== undefined;
}

export async function insertEmailChangeToken(
  db: Queryable,
  token: { tokenHash: string; userId: string; newEmail: string; now: number; expiresAt: number },
): Promise<void> {
  // Only the newest link works: asking again cancels the earlier ones.
  await db.updateTable('email_change_tokens').set({ used_at: isoAt(token.now) }).where('user_id', '=', token.userId).where('used_at', 'is', null).execute();
  await db
    .insertInto('email_change_tokens')
    .values({ token_hash: token.tokenHash, user_id: token.userId, new_email: token.newEmail, created_at: isoAt(token.now), expires_at: isoAt(token.expiresAt), used_at: null })
    .execute();
}

export async function pendingEmailOf(db: Queryable, userId: string, now: number): Promise<string | null> {
  const row = await db
    .selectFrom('email_change_tokens')
    .select('new_email')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoAt(now))
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.new_email ?? null;
}

/** Marks the token used if it is still valid; the conditional update makes it single-use. */
export function consumeEmailChangeToken(db: Queryable, tokenHash: string, now: number) {
  return db
    .updateTable('email_change_tokens')
    .set({ used_at: isoAt(now) })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoAt(now))
    .returning(['user_id', 'new_email'])
    .executeTakeFirst();
}

/** Who an e-mail change belongs to: the old address is told of it, in the user's language. */
export function findEmailChangeHolder(db: Queryable, userId: string) {
  return db.selectFrom('users').select(['email', 'name', 'closed_at', 'language']).where('id', '=', userId).executeTakeFirstOrThrow();
}

export async function setEmail(db: Queryable, userId: string, email: string): Promise<void> {
  await db.updateTable('users').set({ email }).where('id', '=', userId).where('closed_at', 'is', null).execute();
}

export async function deleteOtherSessions(db: Queryable, userId: string, keepSessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', keepSessionId).execute();
}

/**
 * The wallet's balance, read through a no-op update so that on PostgreSQL the row stays locked
 * until the closing transaction ends: a movement changing it waits, or closing waits for it.
 * SQLite runs one write transaction at a time anyway.
 */
export async function lockedWalletBalance(db: Queryable, userId: string): Promise<number> {
  const row = await db
    .updateTable('accounts')
    .set((eb) => ({ balance: eb.ref('balance') }))
    .where('user_id', '=', userId)
    .where('currency', '=', CURRENCY)
    .returning('balance')
    .executeTakeFirstOrThrow();
  return row.balance;
}

/**
 * Closes the account: the e-mail and phone move aside (the unique columns get placeholders, so
 * both are free for a new sign-up), the password stops working, the photo goes. The row and its
 * wallet stay, so every ledger record keeps pointing at them.
 */
export async function markClosed(db: Queryable, userId: string, now: number): Promise<void> {
  const user = await db.selectFrom('users').select(['email', 'phone']).where('id', '=', userId).executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({
      closed_at: isoAt(now),
      closed_email: user.email,
      closed_phone: user.phone,
      email: `closed-${userId}@closed.invalid`,
      phone: `closed:${userId}`,
      // Not an argon2 hash: no password verifies against it.
      password_hash: '!closed',
      photo_path: null,
    })
    .where('id', '=', userId)
    .execute();
  // On the wallet row the caller has locked: a movement waiting for that lock sees it and refuses.
  await db.updateTable('accounts').set({ closed_at: isoAt(now) }).where('user_id', '=', userId).execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  // A pending request to or from the account could otherwise still move money into a closed wallet.
  await db
    .updateTable('money_requests')
    .set({ status: 'cancelled', resolved_at: isoAt(now) })
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('requester_id', '=', userId), eb('payer_id', '=', userId)]))
    .execute();
  await db.updateTable('email_change_tokens').set({ used_at: isoAt(now) }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await expireUserResetTokens(db, userId, now);
}

export async function countSecurityEvents(db: Queryable, userId: string): Promise<number> {
  const row = await db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('user_id', '=', userId)
    .where('event', 'in', SECURITY_EVENTS)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function listSecurityEvents(db: Queryable, userId: string, window: { limit: number; offset: number }): Promise<SecurityEvent[]> {
  const rows = await db
    .selectFrom('audit_events')
    .select(['id', 'event', 'ip', 'user_agent', 'created_at'])
    .where('user_id', '=', userId)
    .where('event', 'in', SECURITY_EVENTS)
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    event: row.event as SecurityEventType,
    ip: row.ip,
    userAgent: row.user_agent,
    createdAt: row.created_at,
  }));
}
