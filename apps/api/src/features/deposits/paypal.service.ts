import { errorCodes, PAYPAL_TOP_UP_CENTS, type PaypalOrder } from '@poisha/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PaypalOrdersTable, Queryable } from '../../db/schema.js';
import { BusinessRuleError, notFound } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import type { IdempotentCall } from '../../core/idempotency/idempotency.js';
import { money } from '../../core/ledger/money.js';
import { creditDeposit } from './deposits.service.js';

type OrderRow = Selectable<PaypalOrdersTable>;

const toView = (order: OrderRow): PaypalOrder => ({
  id: order.id,
  status: order.status,
  amount: money(order.amount),
  transferId: order.transfer_id,
  createdAt: order.created_at,
});

async function findOrder(db: Queryable, userId: string, orderId: string): Promise<OrderRow> {
  const order = await db.selectFrom('paypal_orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
  if (!order) throw notFound('Order');
  return order;
}

/**
 * PayPal top-ups through the sandbox: an order of 2 USD is created, the person approves or
 * cancels it, and capture credits the wallet. The conditional update from `created` makes the
 * credit happen once, however often the order is approved.
 */
export function createPaypalService({ db }: { db: Kysely<Database> }) {
  return {
    async createOrder(userId: string, nowMs: number): Promise<PaypalOrder> {
      const order: OrderRow = {
        id: `PAYPAL-SANDBOX-${crypto.randomUUID().replaceAll('-', '').slice(0, 17).toUpperCase()}`,
        user_id: userId,
        amount: PAYPAL_TOP_UP_CENTS,
        status: 'created',
        transfer_id: null,
        created_at: isoAt(nowMs),
      };
      await db.insertInto('paypal_orders').values(order).execute();
      return toView(order);
    },

    async getOrder(userId: string, orderId: string): Promise<PaypalOrder> {
      return toView(await findOrder(db, userId, orderId));
    },

    /** Runs inside the caller's (idempotent) transaction; a cancelled order is a `BusinessRuleError`. */
    async capture(trx: Transaction<Database>, call: IdempotentCall, orderId: string): Promise<PaypalOrder> {
      const approved = await trx
        .updateTable('paypal_orders')
        .set({ status: 'captured' })
        .where('id', '=', orderId)
        .where('user_id', '=', call.userId)
        .where('status', '=', 'created')
        .returningAll()
        .executeTakeFirst();
      if (!approved) {
        const order = await findOrder(trx, call.userId, orderId);
        if (order.status === 'cancelled') throw new BusinessRuleError(errorCodes.orderNotPayable, 'This PayPal order was cancelled');
        return toView(order);
      }
      const deposit = await creditDeposit(trx, {
        userId: call.userId,
        method: 'paypal',
        amountCents: approved.amount,
        providerRef: approved.id,
        counterparty: 'PayPal',
        reference: approved.id,
        nowMs: call.nowMs,
      });
      await trx.updateTable('paypal_orders').set({ transfer_id: deposit.transferId }).where('id', '=', approved.id).execute();
      return toView({ ...approved, status: 'captured', transfer_id: deposit.transferId });
    },

    async cancel(userId: string, orderId: string): Promise<PaypalOrder> {
      const cancelled = await db
        .updateTable('paypal_orders')
        .set({ status: 'cancelled' })
        .where('id', '=', orderId)
        .where('user_id', '=', userId)
        .where('status', '=', 'created')
        .returningAll()
        .executeTakeFirst();
      if (cancelled) return toView(cancelled);
      const order = await findOrder(db, userId, orderId);
      if (order.status === 'captured') throw new BusinessRuleError(errorCodes.orderNotPayable, 'This PayPal order was already paid');
      return toView(order);
    },
  };
}

export type PaypalService = ReturnType<typeof createPaypalService>;
