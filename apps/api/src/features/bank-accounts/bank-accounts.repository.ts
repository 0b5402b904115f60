import type { Insertable } from 'kysely';
import type { BankAccountsTable, Queryable } from '../../db/schema.js';
import { safeInteger } from '../../db/values.js';

export type LinkedAccountRow = Awaited<ReturnType<typeof listLinkedAccounts>>[number];

export function listLinkedAccounts(db: Queryable, userId: string) {
  return db
    .selectFrom('bank_accounts')
    .innerJoin('banks', 'banks.id', 'bank_accounts.bank_id')
    .select(['bank_accounts.id', 'bank_accounts.account_number', 'bank_accounts.created_at', 'banks.id as bank_id', 'banks.name as bank_name'])
    .where('bank_accounts.user_id', '=', userId)
    .orderBy('bank_accounts.created_at')
    .orderBy('bank_accounts.id')
    .execute();
}

export async function insertBankAccount(db: Queryable, row: Insertable<BankAccountsTable>): Promise<void> {
  await db.insertInto('bank_accounts').values(row).execute();
}

/** Answers whether the user had such an account. */
export async function deleteBankAccount(db: Queryable, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('bank_accounts').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return safeInteger(result.numDeletedRows, 'deleted bank accounts') > 0;
}
