import { errorCodes, transferMessages } from '@poisha/contracts';
import { PostgresAdapter, sql, type Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Database, Queryable, TransferKind } from '../../db/schema.js';
import { timeOrderedUuid } from '../../db/time-ordered-uuid.js';
import { BusinessRuleError } from '../errors.js';
import { isoAt } from '../clock.js';
import { transferHash, type ChainedTransfer, type ChainPosting } from './journal-chain.js';

export { SYSTEM_ACCOUNTS } from './system-accounts.js';

/** An account as a movement sees it: wallets keep a balance on their row, system accounts do not. */
export interface LedgerAccount {
  id: string;
  kind: 'wallet' | 'system';
}

export interface Movement {
  kind: TransferKind;
  /** Money leaves this account... */
  debit: LedgerAccount;
  /** ...and arrives in this one. */
  credit: LedgerAccount;
  /** Positive minor units. */
  amountCents: number;
  reference?: string | null;
  counterparty?: string | null;
  initiatedBy?: string | null;
  nowMs: number;
}

export interface MovementResult {
  transferId: string;
  createdAt: string;
  /** Wallet balances after the movement (null for a system account). */
  debitBalanceAfter: number | null;
  creditBalanceAfter: number | null;
}

export const insufficientFunds = () =>
  new BusinessRuleError(errorCodes.insufficientFunds, transferMessages.insufficientFunds);

/** A closed account's wallet: its number no longer reaches a wallet, as for any unknown number. */
export const walletClosed = () => new BusinessRuleError(errorCodes.unknownRecipient, transferMessages.unknownRecipient);

/**
 * A wallet's balance and entry counts change in one statement each (its two forms compiled once,
 * db/compiled-once.ts): the checks and the change are one statement under the row's lock, so two
 * concurrent debits can never both pass, and a credit racing the owner's account closure cannot land
 * in the closed wallet. The database's check constraint is the last line of defence. SQLite runs
 * these; PostgreSQL runs the same statements in `change_wallet_balance`, inside `move_money` (there the
 * update re-reads the row once a closing transaction lets go of it).
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

/**
 * Changes a wallet's balance by `deltaCents` and counts the posting (in or out) on the same row;
 * answers the new balance, or null when the wallet is closed or a debit would take it below zero.
 */
async function changeWalletBalance(trx: Transaction<Database>, accountId: string, deltaCents: number): Promise<number | null> {
  const [row] = deltaCents < 0 ? await debitWallet(trx, { accountId, amount: -deltaCents }) : await creditWallet(trx, { accountId, amount: deltaCents });
  return row?.balance ?? null;
}

/** Why a wallet's balance update changed nothing: read only on that (rare) path. */
async function refusalFor(trx: Transaction<Database>, accountId: string, deltaCents: number): Promise<BusinessRuleError> {
  const wallet = await trx.selectFrom('accounts').select('closed_at').where('id', '=', accountId).where('kind', '=', 'wallet').executeTakeFirst();
  if (!wallet) throw new Error(`moveMoney: wallet ${accountId} not found`);
  if (wallet.closed_at !== null) return walletClosed();
  if (deltaCents < 0) return insufficientFunds();
  throw new Error(`moveMoney: wallet ${accountId} refused a credit`);
}

/** A transfer's chained content before it has its place in the chain. */
type UnlinkedTransfer = Omit<ChainedTransfer, 'seq' | 'prevHash' | 'postings'> & { kind: TransferKind; debitAccountId: string; creditAccountId: string };

/** The one row of `journal_chain_head`. */
export const CHAIN_HEAD_ID = 1;

/**
 * SQLite, statement by statement: the wallets' balances, then the transfer and its postings, linked
 * into the hash chain here (claim the head, hash, move the head). SQLite has one writer, so the head
 * costs two statements and no waiting.
 */
async function moveOnSqlite(trx: Transaction<Database>, movement: Movement, transfer: UnlinkedTransfer): Promise<WalletBalances> {
  const balances: WalletBalances = { debit: null, credit: null };
  const sides = [
    { side: 'debit' as const, account: movement.debit, delta: -transfer.amount },
    { side: 'credit' as const, account: movement.credit, delta: transfer.amount },
  ].sort((left, right) => (left.account.id < right.account.id ? -1 : 1));
  for (const { side, account, delta } of sides) {
    if (account.kind !== 'wallet') continue;
    const balance = await changeWalletBalance(trx, account.id, delta);
    if (balance === null) throw await refusalFor(trx, account.id, delta);
    balances[side] = balance;
  }

  const [head] = await claimChainPlace(trx);
  if (!head) throw new Error('moveMoney: the journal chain head is missing');
  const postings = postingsOf(transfer, balances);
  const hash = transferHash({ ...transfer, seq: head.seq, prevHash: head.hash, postings });
  const [debit, credit] = postings;
  await insertChainedTransfer(trx, {
    id: transfer.id,
    kind: transfer.kind,
    amount: transfer.amount,
    reference: transfer.reference,
    counterparty: transfer.counterparty,
    initiatedBy: transfer.initiatedBy,
    createdAt: transfer.createdAt,
    seq: head.seq,
    prevHash: head.hash,
    hash,
  });
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
  return balances;
}

/** The SQLite movement's statements, compiled once (db/compiled-once.ts): every transfer runs them. */
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

/**
 * PostgreSQL: the whole movement is one call of `move_money` (migration 2026-11-25T1100), the same
 * rules as above in one round trip. The transfer is written without its place in the hash chain:
 * the database links it when the transaction commits (decision 0022), so the chain head, which
 * every movement needs, is never held while the application does the rest of the request.
 */
async function moveOnPostgres(trx: Transaction<Database>, movement: Movement, transfer: UnlinkedTransfer): Promise<WalletBalances> {
  const { debit, credit } = movement;
  const { rows } = await sql<{ debit_balance: number | null; credit_balance: number | null; refused_account: string | null }>`
    select debit_balance, credit_balance, refused_account from move_money(
      ${transfer.id}, ${transfer.kind}, ${transfer.amount}, ${transfer.reference}, ${transfer.counterparty},
      ${transfer.initiatedBy}, ${transfer.createdAt}::timestamptz,
      ${debit.id}, ${debit.kind === 'wallet'}, ${credit.id}, ${credit.kind === 'wallet'})`.execute(trx);
  const moved = rows[0]!;
  if (moved.refused_account !== null) {
    throw await refusalFor(trx, moved.refused_account, moved.refused_account === debit.id ? -transfer.amount : transfer.amount);
  }
  return { debit: moved.debit_balance, credit: moved.credit_balance };
}

/** Wallet balances after a movement (null for a system account). */
interface WalletBalances {
  debit: number | null;
  credit: number | null;
}

/** The two postings, which sum to zero: the debit (money out) and the credit. */
function postingsOf(transfer: UnlinkedTransfer, balances: WalletBalances): [ChainPosting, ChainPosting] {
  return [
    { accountId: transfer.debitAccountId, amount: -transfer.amount, balanceAfter: balances.debit },
    { accountId: transfer.creditAccountId, amount: transfer.amount, balanceAfter: balances.credit },
  ];
}

/**
 * The one way money moves. Must run inside the caller's transaction: it writes the transfer (linked
 * into the journal's hash chain), its two postings (which sum to zero) and the wallets' new
 * balances, or throws and writes nothing.
 * A constant number of statements, whatever the size of the journal.
 *
 * Wallet rows are changed in a fixed order (by id), so on PostgreSQL two opposite transfers take
 * their row locks in the same order and cannot deadlock. System accounts are not locked at all:
 * their balance is the sum of their postings, so deposits do not queue behind one hot row.
 */
export async function moveMoney(trx: Transaction<Database>, movement: Movement): Promise<MovementResult> {
  const { debit, credit, amountCents: amount } = movement;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`moveMoney: amount must be a positive integer, got ${amount}`);
  if (debit.id === credit.id) throw new Error('moveMoney: debit and credit accounts must differ');

  const transfer: UnlinkedTransfer = {
    id: timeOrderedUuid(),
    kind: movement.kind,
    amount,
    reference: movement.reference ?? null,
    counterparty: movement.counterparty ?? null,
    initiatedBy: movement.initiatedBy ?? null,
    createdAt: isoAt(movement.nowMs),
    debitAccountId: debit.id,
    creditAccountId: credit.id,
  };
  const balances = trx.getExecutor().adapter instanceof PostgresAdapter ? await moveOnPostgres(trx, movement, transfer) : await moveOnSqlite(trx, movement, transfer);
  return { transferId: transfer.id, createdAt: transfer.createdAt, debitBalanceAfter: balances.debit, creditBalanceAfter: balances.credit };
}

export const systemAccount = (id: string): LedgerAccount => ({ id, kind: 'system' });
