import { sql, type Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Database, NotificationKind, Queryable } from '../../db/schema.js';
import { isoAt } from '../clock.js';

export interface NewNotification {
  /** Who hears about it. */
  userId: string;
  kind: NotificationKind;
  amountCents: number;
  /** The other wallet in the event, shown as "from Rahim Uddin". */
  counterparty: { name: string; phone: string };
  requestId?: string | null;
  transferId?: string | null;
  nowMs: number;
}

/**
 * Writes a notification inside the caller's transaction, so it exists exactly when the event
 * does: a rolled-back payment leaves no "money received" behind. Several features write here
 * (transfers, money requests); the notifications feature reads and marks them.
 *
 * Events of one kind from one person are grouped (decision 0033): while the user has not read the
 * group's notification, a new event updates it (one more event, the amounts added up, the newest
 * time) instead of adding a row, so 200 one-cent transfers are one notification, not 200.
 */
export async function notify(trx: Transaction<Database>, notification: NewNotification): Promise<void> {
  if (!Number.isSafeInteger(notification.amountCents) || notification.amountCents <= 0) {
    throw new Error(`notify: amount must be a positive integer, got ${notification.amountCents}`);
  }
  await insertNotification(trx, {
    userId: notification.userId,
    kind: notification.kind,
    amount: notification.amountCents,
    counterpartyName: notification.counterparty.name,
    counterpartyPhone: notification.counterparty.phone,
    requestId: notification.requestId ?? null,
    transferId: notification.transferId ?? null,
    createdAt: isoAt(notification.nowMs),
    // One group per kind and person (their phone), e.g. "money_received:+8801712345678".
    groupKey: `${notification.kind}:${notification.counterparty.phone}`,
  });
}

/** Every transfer writes one (or adds to the unread one of its group): compiled once (db/compiled-once.ts). */
const insertNotification = compiledOnce(
  (
    db: Queryable,
    {
      userId,
      kind,
      amount,
      counterpartyName,
      counterpartyPhone,
      requestId,
      transferId,
      createdAt,
      groupKey,
    }: {
      userId: string;
      kind: NotificationKind;
      amount: number;
      counterpartyName: string;
      counterpartyPhone: string;
      requestId: string | null;
      transferId: string | null;
      createdAt: string;
      groupKey: string;
    },
  ) =>
    db.insertInto('notifications').values({
      user_id: userId,
      kind,
      amount,
      counterparty_name: counterpartyName,
      counterparty_phone: counterpartyPhone,
      request_id: requestId,
      transfer_id: transferId,
      read_at: null,
      created_at: createdAt,
      group_key: groupKey,
      event_count: 1,
    })
    // The target is the partial unique index notifications_unread_group (user, group) where unread.
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'group_key'])
        .where('read_at', 'is', null)
        .doUpdateSet({
          event_count: sql`notifications.event_count + 1`,
          amount: sql`notifications.amount + excluded.amount`,
          counterparty_name: sql`excluded.counterparty_name`,
          request_id: sql`excluded.request_id`,
          transfer_id: sql`excluded.transfer_id`,
          created_at: sql`excluded.created_at`,
        }),
    ),
);

/** Tells the user that support answered their ticket; written in the transaction that stores the answer. */
export async function notifyTicketAnswered(trx: Transaction<Database>, answer: { userId: string; ticketId: string; subject: string; nowMs: number }): Promise<void> {
  await trx
    .insertInto('notifications')
    .values({
      user_id: answer.userId,
      kind: 'support_replied',
      // Not about money: the amount is 0 and the ticket's subject stands where a person's name would.
      amount: 0,
      counterparty_name: answer.subject,
      counterparty_phone: '',
      request_id: null,
      transfer_id: null,
      ticket_id: answer.ticketId,
      read_at: null,
      created_at: isoAt(answer.nowMs),
    })
    .execute();
}

/**
 * Tells each user that their statement for a month ("2026-10") is ready, inside the transaction
 * that issued it. The amount is 0: the notification is about a document, not a payment.
 */
export async function notifyStatementReady(trx: Transaction<Database>, { userIds, month, nowMs }: { userIds: string[]; month: string; nowMs: number }): Promise<void> {
  if (userIds.length === 0) return;
  await trx
    .insertInto('notifications')
    .values(
      userIds.map((userId) => ({
        user_id: userId,
        kind: 'statement_ready' as const,
        amount: 0,
        counterparty_name: 'Poisha',
        counterparty_phone: '',
        request_id: null,
        transfer_id: null,
        read_at: null,
        created_at: isoAt(nowMs),
        statement_month: month,
      })),
    )
    .execute();
}
