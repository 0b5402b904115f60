import { sql } from 'kysely';
import type { LedgerWriter } from './ledger-writer.js';

/**
 * PostgreSQL: the whole movement is one call of `move_money` (db/functions/move_money.v1.sql), the
 * rules in one round trip; it takes the wallet sides in the same lock order itself. The transfer is
 * written without its place in the hash chain: the database links it when the transaction commits
 * (decision 0022), so the chain head, which every movement needs, is never held while the
 * application does the rest of the request.
 */
export const writeOnPostgres: LedgerWriter = async (trx, transfer, walletSides) => {
  const isWallet = (accountId: string) => walletSides.some((side) => side.accountId === accountId);
  const { rows } = await sql<{ debit_balance: number | null; credit_balance: number | null; refused_account: string | null }>`
    select debit_balance, credit_balance, refused_account from move_money(
      ${transfer.id}, ${transfer.kind}, ${transfer.amount}, ${transfer.reference}, ${transfer.counterparty},
      ${transfer.initiatedBy}, ${transfer.createdAt}::timestamptz,
      ${transfer.debitAccountId}, ${isWallet(transfer.debitAccountId)}, ${transfer.creditAccountId}, ${isWallet(transfer.creditAccountId)})`.execute(trx);
  const moved = rows[0]!;
  if (moved.refused_account !== null) return { refusedAccountId: moved.refused_account };
  return { moved: { debit: moved.debit_balance, credit: moved.credit_balance } };
};
