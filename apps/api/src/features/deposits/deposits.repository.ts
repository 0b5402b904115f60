import { sql, type Insertable, type Transaction } from 'kysely';
import type { Database, DepositsTable, Queryable } from '../../db/schema.js';
import { safeInteger } from '../../db/values.js';

/**
 * Holds the wallet's row until the transaction ends (a no-op update: a row lock on PostgreSQL,
 * the write lock on SQLite), so checks of the wallet's recent deposits run one at a time.
 */
export async function lockWallet(trx: Transaction<Database>, walletId: string): Promise<void> {
  await trx.updateTable('accounts').set({ balance: sql`balance` }).where('id', '=', walletId).execute();
}

/** The sum of a user's succeeded deposits of one kind since a moment (ISO), in cents. */
export async function depositedSince(trx: Transaction<Database>, userId: string, method: DepositsTable['method'], sinceIso: string): Promise<number> {
  const row = await trx
    .selectFrom('deposits')
    .select(sql<string | number>`cast(coalesce(sum(amount), 0) as bigint)`.as('total'))
    .where('user_id', '=', userId)
    .where('method', '=', method)
    .where('status', '=', 'succeeded')
    .where('created_at', '>', sinceIso)
    .executeTakeFirstOrThrow();
  return safeInteger(row.total, 'deposited in the last day');
}

export async function insertDeposit(db: Queryable, deposit: Insertable<DepositsTable>): Promise<void> {
  await db.insertInto('deposits').values(deposit).execute();
}
