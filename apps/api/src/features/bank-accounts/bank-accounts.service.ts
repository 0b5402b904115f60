import { bankAccountMessages, errorCodes, maskAccountNumber, type LinkedBankAccount } from '@poisha/contracts';
import type { Kysely } from 'kysely';
import { findBank } from '../../core/banks/banks.repository.js';
import { uniqueViolationColumn } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { AppError, notFound, validationFailed } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import { deleteBankAccount, insertBankAccount, listLinkedAccounts, type LinkedAccountRow } from './bank-accounts.repository.js';

const toView = (row: LinkedAccountRow): LinkedBankAccount => ({
  id: row.id,
  bank: { id: row.bank_id, name: row.bank_name },
  accountNumber: row.account_number,
  maskedNumber: maskAccountNumber(row.account_number),
  createdAt: row.created_at,
});

/** The signed-in user's own bank accounts, shown on the dashboard with a copy button. */
export function createBankAccountsService({ db }: { db: Kysely<Database> }) {
  return {
    async list(userId: string): Promise<LinkedBankAccount[]> {
      return (await listLinkedAccounts(db, userId)).map(toView);
    },

    async link(userId: string, request: { bankId: string; accountNumber: string }, nowMs: number): Promise<LinkedBankAccount> {
      const bank = await findBank(db, request.bankId);
      if (!bank) throw validationFailed({ bankId: 'Please choose a bank' });
      const row = { id: crypto.randomUUID(), user_id: userId, bank_id: bank.id, account_number: request.accountNumber, created_at: isoAt(nowMs) };
      try {
        await insertBankAccount(db, row);
      } catch (error) {
        if (!uniqueViolationColumn(error)) throw error;
        throw new AppError(errorCodes.bankAccountTaken, bankAccountMessages.taken, { accountNumber: bankAccountMessages.taken });
      }
      return toView({ ...row, bank_name: bank.name });
    },

    async unlink(userId: string, id: string): Promise<void> {
      if (!(await deleteBankAccount(db, userId, id))) throw notFound('Bank account');
    },
  };
}

export type BankAccountsService = ReturnType<typeof createBankAccountsService>;
