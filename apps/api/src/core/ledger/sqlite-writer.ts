import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Queryable, TransferKind } from '../../db/schema.js';
import type { LedgerWriter, WalletEntryRow } from './ledger-writer.js';

/**
 * SQLite, statement by statement: the wallets' balances in the order given (the rules' lock
 * order), each update also moving the wallet's hash chain on (its entry hash computed in the same
 * statement by `journal_entry_hash_v2`, db/journal-encoding-v2.ts); then the transfer with its
 * content hash and its postings with each wallet's place and entry hash. Every statement is
 * compiled once (db/compiled-once.ts): every transfer runs them.
 */
export const writeOnSqlite: LedgerWriter = async (trx, transfer, walletSides) => {
  const entries: { debit: WalletEntryRow | null; credit: WalletEntryRow | null } = { debit: null, credit: null };
  for (const { side, accountId, deltaCents } of walletSides) {
    const values = { accountId, delta: deltaCents, contentHash: transfer.hash };
    const [row] = deltaCents < 0 ? await debitWallet(trx, values) : await creditWallet(trx, values);
    if (!row) return { refusedAccountId: accountId };
    entries[side] = row;
  }

  await insertTransfer(trx, transfer);
  await insertPostings(trx, {
    transferId: transfer.id,
    createdAt: transfer.createdAt,
    debitAccount: transfer.debitAccountId,
    debitAmount: -transfer.amount,
    debitBalanceAfter: entries.debit?.balance ?? null,
    debitPlace: entries.debit?.place ?? null,
    debitChainHash: entries.debit?.chain_hash ?? null,
    creditAccount: transfer.creditAccountId,
    creditAmount: transfer.amount,
    creditBalanceAfter: entries.credit?.balance ?? null,
    creditPlace: entries.credit?.place ?? null,
    creditChainHash: entries.credit?.chain_hash ?? null,
  });
  return { moved: { debit: entries.debit?.balance ?? null, credit: entries.credit?.balance ?? null } };
};

/** The wallet's next entry hash, from the row as it was (SET expressions read the old row). */
const nextChainHash = (delta: number, contentHash: string) =>
  sql<string>`journal_entry_hash_v2(${contentHash}, id, ${delta}, balance + ${delta}, entries_in + entries_out + 1, chain_hash)`;
const ENTRY_COLUMNS = ['balance', sql<number>`entries_in + entries_out`.as('place'), sql<string>`chain_hash`.as('chain_hash')] as const;

/**
 * A wallet's balance, entry counts and chain change in one statement each (the rules' 3: the check
 * and the change under the row's lock, so two concurrent debits can never both pass, and a credit
 * racing the owner's account closure cannot land in the closed wallet). The database's check
 * constraint is the last line of defence. PostgreSQL runs the same statements in
 * `move_money` (db/functions/move_money.v2.sql).
 */
const debitWallet = compiledOnce((db: Queryable, { accountId, delta, contentHash }: { accountId: string; delta: number; contentHash: string }) =>
  db
    .updateTable('accounts')
    .set({ balance: sql<number>`balance + ${delta}`, entries_out: sql<number>`entries_out + 1`, chain_hash: nextChainHash(delta, contentHash) })
    .where('id', '=', accountId)
    .where('kind', '=', 'wallet')
    .where('closed_at', 'is', null)
    .where('balance', '>=', sql<number>`-${delta}`)
    .returning(ENTRY_COLUMNS),
);
const creditWallet = compiledOnce((db: Queryable, { accountId, delta, contentHash }: { accountId: string; delta: number; contentHash: string }) =>
  db
    .updateTable('accounts')
    .set({ balance: sql<number>`balance + ${delta}`, entries_in: sql<number>`entries_in + 1`, chain_hash: nextChainHash(delta, contentHash) })
    .where('id', '=', accountId)
    .where('kind', '=', 'wallet')
    .where('closed_at', 'is', null)
    .returning(ENTRY_COLUMNS),
);

const insertTransfer = compiledOnce(
  (
    db: Queryable,
    {
      id,
      kind,
      amount,
      reference,
      counterparty,
      initiatedBy,
      createdAt,
      hash,
    }: {
      id: string;
      kind: TransferKind;
      amount: number;
      reference: string | null;
      counterparty: string | null;
      initiatedBy: string | null;
      createdAt: string;
      hash: string;
    },
  ) => db.insertInto('transfers').values({ id, kind, amount, reference, counterparty, initiated_by: initiatedBy, created_at: createdAt, hash }),
);
const insertPostings = compiledOnce(
  (
    db: Queryable,
    {
      transferId,
      createdAt,
      debitAccount,
      debitAmount,
      debitBalanceAfter,
      debitPlace,
      debitChainHash,
      creditAccount,
      creditAmount,
      creditBalanceAfter,
      creditPlace,
      creditChainHash,
    }: {
      transferId: string;
      createdAt: string;
      debitAccount: string;
      debitAmount: number;
      debitBalanceAfter: number | null;
      debitPlace: number | null;
      debitChainHash: string | null;
      creditAccount: string;
      creditAmount: number;
      creditBalanceAfter: number | null;
      creditPlace: number | null;
      creditChainHash: string | null;
    },
  ) =>
    db.insertInto('postings').values([
      { transfer_id: transferId, account_id: debitAccount, amount: debitAmount, direction: 'out', balance_after: debitBalanceAfter, created_at: createdAt, wallet_place: debitPlace, chain_hash: debitChainHash },
      { transfer_id: transferId, account_id: creditAccount, amount: creditAmount, direction: 'in', balance_after: creditBalanceAfter, created_at: createdAt, wallet_place: creditPlace, chain_hash: creditChainHash },
    ]),
);
