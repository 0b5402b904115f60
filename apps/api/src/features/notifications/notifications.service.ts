import { pageCount, type Notification, type NotificationsPage } from '@poisha/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import { money } from '../../core/ledger/money.js';
import { countNotifications, listNotifications, markAllRead, markRead, type NotificationRow } from './notifications.repository.js';

const toView = (row: NotificationRow): Notification => ({
  id: String(row.id),
  kind: row.kind,
  amount: money(row.amount),
  counterparty: { name: row.counterparty_name, phone: row.counterparty_phone },
  requestId: row.request_id,
  ticketId: row.ticket_id,
  statementMonth: row.statement_month,
  count: row.event_count,
  read: row.read_at !== null,
  createdAt: row.created_at,
});

/** The signed-in user's notifications (written by any feature through core's `notify`). */
export function createNotificationsService({ db }: { db: Kysely<Database> }) {
  return {
    async page(userId: string, page: number, pageSize: number): Promise<NotificationsPage> {
      const [total, rows] = await Promise.all([countNotifications(db, userId, 'all'), listNotifications(db, userId, { limit: pageSize, offset: page * pageSize })]);
      return { items: rows.map(toView), total, page, pageSize, pageCount: pageCount(total, pageSize) };
    },

    /** One indexed count: cheap enough to poll. */
    unreadCount: async (userId: string): Promise<number> => countNotifications(db, userId, 'unread'),

    async read(userId: string, id: number, nowMs: number): Promise<void> {
      if (!(await markRead(db, userId, id, isoAt(nowMs)))) throw notFound('Notification');
    },

    async readAll(userId: string, nowMs: number): Promise<void> {
      await markAllRead(db, userId, isoAt(nowMs));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
