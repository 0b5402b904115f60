import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { safeInteger } from '../../db/values.js';

export function listNotifications(db: Kysely<Database>, userId: string, window: { limit: number; offset: number }) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    // Newest first by when it happened: the id is the order of writing, and a transaction that
    // started earlier may write later (issue 24, defect 18). The id breaks ties (a payment writes two).
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}
export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

export async function countNotifications(db: Kysely<Database>, userId: string, only: 'all' | 'unread'): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('user_id', '=', userId)
    .$if(only === 'unread', (query) => query.where('read_at', 'is', null))
    .executeTakeFirstOrThrow();
  return safeInteger(row.total, 'notifications count');
}

/** Marks the user's own notification read (once; a second call keeps the first time). */
export async function markRead(db: Kysely<Database>, userId: string, id: number, nowIso: string): Promise<boolean> {
  const found = await db.selectFrom('notifications').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!found) return false;
  await db.updateTable('notifications').set({ read_at: nowIso }).where('id', '=', id).where('user_id', '=', userId).where('read_at', 'is', null).execute();
  return true;
}

export async function markAllRead(db: Kysely<Database>, userId: string, nowIso: string): Promise<void> {
  await db.updateTable('notifications').set({ read_at: nowIso }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
}
