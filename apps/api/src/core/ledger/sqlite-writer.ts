import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Queryable, TransferKind } from '../../db/schema.js';
import { linkedTransfer, type LedgerWriter, type WalletEntry } from './ledger-writer.js';

/**
 * SQLite, statement by statement: the wallets' balances in the order given (the rules' lock
 * order), each update answering the wallet's place and the hash of its previous entry; then the
 * transfer and its postings, linked into each wallet's chain and hashed here (linkedTransfer), and
 * the wallets' chains moved on to it. Every statement is compiled once (db/compiled-once.ts):
 * every transfer runs them.
 */
export const writeOnSqlite: LedgerWriter = async (trx, transfer, walletSides) => {
  const entries: { debit: WalletEntry | null; credit: WalletEntry | null } = { debit: null, credit: null };
  for (const { side, accountId, deltaCents } of walletSides) {
    const [row] = deltaCents < 0 ? await debitWallet(trx, { accountId, amount: -deltaCents }) : await creditWallet(trx, { accountId, amount: deltaCents });
    if (!row) return { refusedAccountId: accountId };
    entries[side] = { balanceAfter: row.balance, place: row.place, prevHash: row.chain_hash };
  }

  const { postings, hash } = linkedTransfer(transfer, entries);
  await insertTransfer(trx, { ...transfer, hash });
  const [debit, credit] = postings;
  await insertPostings(trx, {
    transferId: transfer.id,
    createdAt: transfer.createdAt,
    debitAccount: debit.accountId,
    debitAmount: debit.amount,
    debitBalanceAfter: debit.balanceAfter,
    debitPlace: debit.link?.place ?? null,
    debitPrevHash: debit.link?.prevHash ?? null,
    creditAccount: credit.accountId,
    creditAmount: credit.amount,
    creditBalanceAfter: credit.balanceAfter,
    creditPlace: credit.link?.place ?? null,
    creditPrevHash: credit.link?.prevHash ?? null,
  });
  // Each wallet's chain now ends at this transfer (a lone wallet is named twice: one compiled statement).
  const wallets = walletSides.map((side) => side.accountId);
  if (wallets.length > 0) await moveWalletChains(trx, { hash, first: wallets[0]!, second: wallets.at(-1)! });
  return { moved: { debit: entries.debit?.balanceAfter ?? null, credit: entries.credit?.balanceAfter ?? null } };
};

/**
 * A wallet's balance and entry counts change in one statement each (the rules' 3: the check and
 * the change under the row's lock, so two concurrent debits can never both pass, and a credit
 * racing the owner's account closure cannot land in the closed wallet). The database's check
 * constraint is the last line of defence. PostgreSQL runs the same statements in
 * `change_wallet_balance` (db/functions/change_wallet_balance.v2.sql).
 */
const debitWallet = compiledOnce((db: Queryable, { accountId, amount }: { accountId: string; amount: number }) =>
  db
    .updateTable('accounts')
    .set({ balance: sql<number>`balance - ${amount}`, entries_out: sql<number>`entries_out + 1` })
    .where('id', '=', accountId)
    .where('kind', '=', 'wallet')
    .where('closed_at', 'is', null)
    .where('balance', '>=', amount)
    .returning(['balance', sql<number>`entries_in + entries_out`.as('place'), 'chain_hash']),
);
const creditWallet = compiledOnce((db: Queryable, { accountId, amount }: { accountId: string; amount: number }) =>
  db
    .updateTable('accounts')
    .set({ balance: sql<number>`balance + ${amount}`, entries_in: sql<number>`entries_in + 1` })
    .where('id', '=', accountId)
    .where('kind', '=', 'wallet')
    .where('closed_at', 'is', null)
    .returning(['balance', sql<number>`entries_in + entries_out`.as('place'), 'chain_hash']),
);

const moveWalletChains = compiledOnce((db: Queryable, { hash, first, second }: { hash: string; first: string; second: string }) =>
  db.updateTable('accounts').set({ chain_hash: hash }).where('id', 'in', [first, second]),
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
      debitPrevHash,
      creditAccount,
      creditAmount,
      creditBalanceAfter,
      creditPlace,
      creditPrevHash,
    }: {
      transferId: string;
      createdAt: string;
      debitAccount: string;
      debitAmount: number;
      debitBalanceAfter: number | null;
      debitPlace: number | null;
      debitPrevHash: string | null;
      creditAccount: string;
      creditAmount: number;
      creditBalanceAfter: number | null;
      creditPlace: number | null;
      creditPrevHash: string | null;
    },
  ) =>
    db.insertInto('postings').values([
      { transfer_id: transferId, account_id: debitAccount, amount: debitAmount, direction: 'out', balance_after: debitBalanceAfter, created_at: createdAt, wallet_place: debitPlace, prev_hash: debitPrevHash },
      { transfer_id: transferId, account_id: creditAccount, amount: creditAmount, direction: 'in', balance_after: creditBalanceAfter, created_at: createdAt, wallet_place: creditPlace, prev_hash: creditPrevHash },
    ]),
);
