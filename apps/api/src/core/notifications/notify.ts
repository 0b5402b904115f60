import type { Transaction } from 'kysely';
import type { Database, NotificationKind } from '../../db/schema.js';
import { isoAt } from '../../http/clock.js';

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
 */
export async function notify(trx: Transaction<Database>, notification: NewNotification): Promise<void> {
  if (!Number.isSafeInteger(notification.amountCents) || notification.amountCents <= 0) {
    throw new Error(`notify: amount must be a positive integer, got ${notification.amountCents}`);
  }
  await trx
    .insertInto('notifications')
    .values({
      user_id: notification.userId,
      kind: notification.kind,
      amount: notification.amountCents,
      counterparty_name: notification.counterparty.name,
      counterparty_phone: notification.counterparty.phone,
      request_id: notification.requestId ?? null,
      transfer_id: notification.transferId ?? null,
      read_at: null,
      created_at: isoAt(notification.nowMs),
    })
    .execute();
}

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
