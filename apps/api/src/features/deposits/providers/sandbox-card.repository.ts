import type { Insertable } from 'kysely';
import type { Queryable, SandboxCardPaymentMethodsTable } from '../../../db/schema.js';

export async function insertSandboxPaymentMethod(db: Queryable, method: Insertable<SandboxCardPaymentMethodsTable>): Promise<void> {
  await db.insertInto('sandbox_card_payment_methods').values(method).execute();
}

/** The user's own payment method of this token (another user's token is as unknown as a made-up one). */
export function findSandboxPaymentMethod(db: Queryable, userId: string, paymentMethodId: string) {
  return db
    .selectFrom('sandbox_card_payment_methods')
    .select(['id', 'brand', 'last4', 'outcome'])
    .where('id', '=', paymentMethodId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
