import { errorCodes, PAYPAL_TOP_UP_CENTS, type PaypalOrder } from '@poisha/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PaypalOrdersTable } from '../../db/schema.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isoAt } from '../../http/clock.js';
import { runIdempotent, type Outcome } from '../../core/idempotency/idempotency.js';
import { creditDeposit, type IdempotentCommand } from './deposits.service.js';

type Queryable = Kysely<Database> | Transaction<Database>;
type OrderRow = Selectable<PaypalOrdersTable>;

const toView = (order: OrderRow): PaypalOrder => ({
  id: order.id,
  status: order.status,
  amount: { amount: order.amount, currency: 'USD' },
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
export function createPaypalService(db: Kysely<Database>) {
  return {
    async createOrder(userId: string, now: number): Promise<PaypalOrder> {
      const order: OrderRow = {
        id: `PAYPAL-SANDBOX-${crypto.randomUUID().replaceAll('-', '').slice(0, 17).toUpperCase()}`,
        user_id: userId,
        amount: PAYPAL_TOP_UP_CENTS,
        status: 'created',
        transfer_id: null,
        created_at: isoAt(now),
      };
      await db.insertInto('paypal_orders').values(order).execute();
      return toView(order);
    },

    async getOrder(userId: string, orderId: string): Promise<PaypalOrder> {
      return toView(await findOrder(db, userId, orderId));
    },

    capture(command: IdempotentCommand & { orderId: string }): Promise<Outcome<PaypalOrder>> {
      return runIdempotent<PaypalOrder>(
        db,
        { userId: command.userId, key: command.idempotencyKey, fingerprint: command.fingerprint, now: command.now },
        async (trx) => {
          const approved = await trx
            .updateTable('paypal_orders')
            .set({ status: 'captured' })
            .where('id', '=', command.orderId)
            .where('user_id', '=', command.userId)
            .where('status', '=', 'created')
            .returningAll()
            .executeTakeFirst();
          if (!approved) {
            const order = await findOrder(trx, command.userId, command.orderId);
            if (order.status === 'cancelled') throw new AppError(422, errorCodes.orderNotPayable, 'This PayPal order was cancelled');
            return { status: 200, body: toView(order) };
          }
          const deposit = await creditDeposit(trx, {
            userId: command.userId,
            method: 'paypal',
            amount: approved.amount,
            providerRef: approved.id,
            counterparty: 'PayPal',
            reference: approved.id,
            now: command.now,
          });
          await trx.updateTable('paypal_orders').set({ transfer_id: deposit.transferId }).where('id', '=', approved.id).execute();
          return { status: 200, body: toView({ ...approved, status: 'captured', transfer_id: deposit.transferId }) };
        },
      );
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
      if (order.status === 'captured') throw new AppError(422, errorCodes.orderNotPayable, 'This PayPal order was already paid');
      return toView(order);
    },
  };
}

export type PaypalService = ReturnType<typeof createPaypalService>;
