import { sql } from 'kysely';
import type { LedgerWriter } from './ledger-writer.js';

/**
 * PostgreSQL: the whole movement is one call of `move_money` (db/functions/move_money.v2.sql), the
 * rules in one round trip; it takes the wallet sides in the same lock order itself, and each
 * wallet's balance update moves that wallet's hash chain on (decision 0048), so nothing but the
 * movement's own wallets is ever waited for.
 */
export const writeOnPostgres: LedgerWriter = async (trx, transfer, walletSides) => {
  const isWallet = (accountId: string) => walletSides.some((side) => side.accountId === accountId);
  const { rows } = await sql<{ debit_balance: number | null; credit_balance: number | null; refused_account: string | null }>`
    select debit_balance, credit_balance, refused_account from move_money(
      ${transfer.id}, ${transfer.kind}, ${transfer.amount}, ${transfer.reference}, ${transfer.counterparty},
      ${transfer.initiatedBy}, ${transfer.createdAt}::timestamptz, ${transfer.hash},
      ${transfer.debitAccountId}, ${isWallet(transfer.debitAccountId)}, ${transfer.creditAccountId}, ${isWallet(transfer.creditAccountId)})`.execute(trx);
  const moved = rows[0]!;
  if (moved.refused_account !== null) return { refusedAccountId: moved.refused_account };
  return { moved: { debit: moved.debit_balance, credit: moved.credit_balance } };
};
