import type { Selectable } from 'kysely';
import type { PaypalOrdersTable, Queryable } from '../../db/schema.js';

export type PaypalOrderRow = Selectable<PaypalOrdersTable>;

export async function insertPaypalOrder(db: Queryable, order: PaypalOrderRow): Promise<void> {
  await db.insertInto('paypal_orders').values(order).execute();
}

export function findPaypalOrder(db: Queryable, userId: string, orderId: string): Promise<PaypalOrderRow | undefined> {
  return db.selectFrom('paypal_orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Moves the user's order out of `created` (captured or cancelled) and answers it; undefined when it
 * had already left `created`. The condition makes the first decision the only one.
 */
export function decideCreatedPaypalOrder(db: Queryable, userId: string, orderId: string, status: 'captured' | 'cancelled'): Promise<PaypalOrderRow | undefined> {
  return db
    .updateTable('paypal_orders')
    .set({ status })
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('status', '=', 'created')
    .returningAll()
    .executeTakeFirst();
}

export async function setPaypalOrderTransfer(db: Queryable, orderId: string, transferId: string | null): Promise<void> {
  await db.updateTable('paypal_orders').set({ transfer_id: transferId }).where('id', '=', orderId).execute();
}
