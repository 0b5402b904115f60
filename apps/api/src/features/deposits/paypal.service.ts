import { errorCodes, PAYPAL_TOP_UP_CENTS, type PaypalOrder } from '@poisha/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Queryable } from '../../db/schema.js';
import { BusinessRuleError, notFound } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import type { IdempotentCall } from '../../core/idempotency/idempotency.js';
import { money } from '../../core/ledger/money.js';
import { creditDeposit } from './deposits.service.js';
import { decideCreatedPaypalOrder, findPaypalOrder, insertPaypalOrder, setPaypalOrderTransfer, type PaypalOrderRow } from './paypal-orders.repository.js';

const toView = (order: PaypalOrderRow): PaypalOrder => ({
  id: order.id,
  status: order.status,
  amount: money(order.amount),
  transferId: order.transfer_id,
  createdAt: order.created_at,
});

async function findOrder(db: Queryable, userId: string, orderId: string): Promise<PaypalOrderRow> {
  const order = await findPaypalOrder(db, userId, orderId);
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
      const order: PaypalOrderRow = {
        id: `PAYPAL-SANDBOX-${crypto.randomUUID().replaceAll('-', '').slice(0, 17).toUpperCase()}`,
        user_id: userId,
        amount: PAYPAL_TOP_UP_CENTS,
        status: 'created',
        transfer_id: null,
        created_at: isoAt(nowMs),
      };
      await insertPaypalOrder(db, order);
      return toView(order);
    },

    async getOrder(userId: string, orderId: string): Promise<PaypalOrder> {
      return toView(await findOrder(db, userId, orderId));
    },

    /** Runs inside the caller's (idempotent) transaction; a cancelled order is a `BusinessRuleError`. */
    async capture(trx: Transaction<Database>, call: IdempotentCall, orderId: string): Promise<PaypalOrder> {
      const approved = await decideCreatedPaypalOrder(trx, call.userId, orderId, 'captured');
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
      await setPaypalOrderTransfer(trx, approved.id, deposit.transferId);
      return toView({ ...approved, status: 'captured', transfer_id: deposit.transferId });
    },

    async cancel(userId: string, orderId: string): Promise<PaypalOrder> {
      const cancelled = await decideCreatedPaypalOrder(db, userId, orderId, 'cancelled');
      if (cancelled) return toView(cancelled);
      const order = await findOrder(db, userId, orderId);
      if (order.status === 'captured') throw new BusinessRuleError(errorCodes.orderNotPayable, 'This PayPal order was already paid');
      return toView(order);
    },
  };
}

export type PaypalService = ReturnType<typeof createPaypalService>;
