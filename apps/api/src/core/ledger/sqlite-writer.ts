import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Queryable, TransferKind } from '../../db/schema.js';
import { CHAIN_HEAD_ID, transferHash, type ChainPosting } from './journal-chain.js';
import type { LedgerWriter, UnlinkedTransfer } from './ledger-writer.js';
import type { WalletBalances } from './movement-rules.js';

/**
 * SQLite, statement by statement: the wallets' balances in the order given (the rules' lock
 * order), then the transfer and its postings, linked into the hash chain here (claim the head,
 * hash, move the head). SQLite has one writer, so the head costs two statements and no waiting.
 * Every statement is compiled once (db/compiled-once.ts): every transfer runs them.
 */
export const writeOnSqlite: LedgerWriter = async (trx, transfer, walletSides) => {
  const balances: WalletBalances = { debit: null, credit: null };
  for (const { side, accountId, deltaCents } of walletSides) {
    const [row] = deltaCents < 0 ? await debitWallet(trx, { accountId, amount: -deltaCents }) : await creditWallet(trx, { accountId, amount: deltaCents });
    if (!row) return { refusedAccountId: accountId };
    balances[side] = row.balance;
  }

  const [head] = await claimChainPlace(trx);
  if (!head) throw new Error('moveMoney: the journal chain head is missing');
  const [debit, credit] = postingsOf(transfer, balances);
  const hash = transferHash({ ...transfer, seq: head.seq, prevHash: head.hash, postings: [debit, credit] });
  await insertChainedTransfer(trx, { ...transfer, seq: head.seq, prevHash: head.hash, hash });
  await moveChainHead(trx, { hash });
  await insertPostings(trx, {
    transferId: transfer.id,
    createdAt: transfer.createdAt,
    debitAccount: debit.accountId,
    debitAmount: debit.amount,
    debitBalanceAfter: debit.balanceAfter,
    creditAccount: credit.accountId,
    creditAmount: credit.amount,
    creditBalanceAfter: credit.balanceAfter,
  });
  return { moved: balances };
};

/**
 * A wallet's balance and entry counts change in one statement each (the rules' 3: the check and
 * the change under the row's lock, so two concurrent debits can never both pass, and a credit
 * racing the owner's account closure cannot land in the closed wallet). The database's check
 * constraint is the last line of defence. PostgreSQL runs the same statements in
 * `change_wallet_balance` (db/functions/change_wallet_balance.v1.sql).
 */
const debitWallet = compiledOnce((db: Queryable, { accountId, amount }: { accountId: string; amount: number }) =>
  db
    .updateTable('accounts')
    .set({ balance: sql<number>`balance - ${amount}`, entries_out: sql<number>`entries_out + 1` })
    .where('id', '=', accountId)
    .where('kind', '=', 'wallet')
    .where('closed_at', 'is', null)
    .where('balance', '>=', amount)
    .returning('balance'),
);
const creditWallet = compiledOnce((db: Queryable, { accountId, amount }: { accountId: string; amount: number }) =>
  db
    .updateTable('accounts')
    .set({ balance: sql<number>`balance + ${amount}`, entries_in: sql<number>`entries_in + 1` })
    .where('id', '=', accountId)
    .where('kind', '=', 'wallet')
    .where('closed_at', 'is', null)
    .returning('balance'),
);

/** The two postings, which sum to zero: the debit (money out) and the credit. */
function postingsOf(transfer: UnlinkedTransfer, balances: WalletBalances): [ChainPosting, ChainPosting] {
  return [
    { accountId: transfer.debitAccountId, amount: -transfer.amount, balanceAfter: balances.debit },
    { accountId: transfer.creditAccountId, amount: transfer.amount, balanceAfter: balances.credit },
  ];
}

const claimChainPlace = compiledOnce((db: Queryable) =>
  db
    .updateTable('journal_chain_head')
    .set({ seq: sql<number>`seq + 1` })
    .where('id', '=', CHAIN_HEAD_ID)
    .returning(['seq', 'hash']),
);
const moveChainHead = compiledOnce((db: Queryable, { hash }: { hash: string }) => db.updateTable('journal_chain_head').set({ hash }).where('id', '=', CHAIN_HEAD_ID));
const insertChainedTransfer = compiledOnce(
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
      seq,
      prevHash,
      hash,
    }: {
      id: string;
      kind: TransferKind;
      amount: number;
      reference: string | null;
      counterparty: string | null;
      initiatedBy: string | null;
      createdAt: string;
      seq: number;
      prevHash: string;
      hash: string;
    },
  ) =>
    db.insertInto('transfers').values({
      id,
      kind,
      amount,
      reference,
      counterparty,
      initiated_by: initiatedBy,
      created_at: createdAt,
      chain_seq: seq,
      prev_hash: prevHash,
      hash,
    }),
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
      creditAccount,
      creditAmount,
      creditBalanceAfter,
    }: {
      transferId: string;
      createdAt: string;
      debitAccount: string;
      debitAmount: number;
      debitBalanceAfter: number | null;
      creditAccount: string;
      creditAmount: number;
      creditBalanceAfter: number | null;
    },
  ) =>
    db.insertInto('postings').values([
      { transfer_id: transferId, account_id: debitAccount, amount: debitAmount, direction: 'out', balance_after: debitBalanceAfter, created_at: createdAt },
      { transfer_id: transferId, account_id: creditAccount, amount: creditAmount, direction: 'in', balance_after: creditBalanceAfter, created_at: createdAt },
    ]),
);
