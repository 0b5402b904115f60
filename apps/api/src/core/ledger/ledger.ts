import { errorCodes, transferMessages } from '@poisha/contracts';
import { PostgresAdapter, sql, type Insertable, type Transaction } from 'kysely';
import type { Database, PostingsTable, TransferKind, TransfersTable } from '../../db/schema.js';
import { BusinessRuleError } from '../../http/app-error.js';
import { isoAt } from '../../http/clock.js';
import { transferHash, type ChainedTransfer } from './journal-chain.js';

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
 * Changes a wallet's balance by `deltaCents`, counts the posting (in or out) on the same row, and
 * answers the new balance, or null when the wallet is closed or a debit would take it below zero.
 * The checks and the change are one statement under
 * the row's lock, so two concurrent debits can never both pass, and a credit racing the owner's
 * account closure cannot land in the closed wallet (on PostgreSQL the update re-reads the row once
 * the closing transaction lets go of it). The database's check constraint is the last line of defence.
 */
async function changeWalletBalance(trx: Transaction<Database>, accountId: string, deltaCents: number): Promise<number | null> {
  const row = await trx
    .updateTable('accounts')
    .set({ balance: sql<number>`balance + ${deltaCents}` })
    .$if(deltaCents < 0, (query) => query.set({ entries_out: sql<number>`entries_out + 1` }))
    .$if(deltaCents > 0, (query) => query.set({ entries_in: sql<number>`entries_in + 1` }))
    .where('id', '=', accountId)
    .where('kind', '=', 'wallet')
    .where('closed_at', 'is', null)
    .$if(deltaCents < 0, (query) => query.where('balance', '>=', -deltaCents))
    .returning('balance')
    .executeTakeFirst();
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
type UnlinkedTransfer = Omit<ChainedTransfer, 'seq' | 'prevHash'> & { kind: TransferKind };

/** The one row of `journal_chain_head`. */
export const CHAIN_HEAD_ID = 1;

/**
 * Claims the next place in the journal's hash chain (SQLite): one row holds the last sequence
 * number and hash. SQLite has one writer, so the head costs two statements and no waiting.
 */
async function takeChainHead(trx: Transaction<Database>): Promise<{ seq: number; prevHash: string }> {
  const head = await trx
    .updateTable('journal_chain_head')
    .set({ seq: sql<number>`seq + 1` })
    .where('id', '=', CHAIN_HEAD_ID)
    .returning(['seq', 'hash'])
    .executeTakeFirstOrThrow();
  return { seq: head.seq, prevHash: head.hash };
}

/**
 * Writes the transfer row and its postings, linked into the journal's hash chain (decision 0018).
 *
 * PostgreSQL (decision 0022): the row is written without its place in the chain, and the database
 * links it when the transaction commits (`link_transfer_into_chain`, a deferred trigger), so the
 * chain head, which every movement needs, is locked only for the link and the commit, never while
 * the application does the rest of the request. Transfer and postings are one statement
 * (data-modifying CTE; the postings' foreign key is checked at the end of the statement).
 *
 * SQLite: the head is claimed, the hash computed here, and both rows and the head's new hash written.
 */
async function writeChainedTransfer(trx: Transaction<Database>, transfer: UnlinkedTransfer, postingRows: Array<Insertable<PostingsTable>>): Promise<void> {
  const row: Insertable<TransfersTable> = {
    id: transfer.id,
    kind: transfer.kind,
    amount: transfer.amount,
    reference: transfer.reference,
    counterparty: transfer.counterparty,
    initiated_by: transfer.initiatedBy,
    created_at: transfer.createdAt,
  };
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await trx
      .with('unlinked_transfer', (db) => db.insertInto('transfers').values(row).returning('id'))
      .insertInto('postings')
      .values(postingRows)
      .execute();
    return;
  }
  const link = await takeChainHead(trx);
  const hash = transferHash({ ...transfer, ...link });
  await trx.insertInto('transfers').values({ ...row, chain_seq: link.seq, prev_hash: link.prevHash, hash }).execute();
  await trx.updateTable('journal_chain_head').set({ hash }).where('id', '=', CHAIN_HEAD_ID).execute();
  await trx.insertInto('postings').values(postingRows).execute();
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

  const balances = new Map<string, number | null>();
  const sides = [
    { account: debit, delta: -amount },
    { account: credit, delta: amount },
  ].sort((left, right) => (left.account.id < right.account.id ? -1 : 1));
  for (const { account, delta } of sides) {
    if (account.kind !== 'wallet') continue;
    const balance = await changeWalletBalance(trx, account.id, delta);
    if (balance === null) throw await refusalFor(trx, account.id, delta);
    balances.set(account.id, balance);
  }

  const transferId = crypto.randomUUID();
  const createdAt = isoAt(movement.nowMs);
  const postings = [
    { account: debit, amount: -amount, direction: 'out' as const },
    { account: credit, amount, direction: 'in' as const },
  ];
  if (postings.reduce((sum, posting) => sum + posting.amount, 0) !== 0) throw new Error('moveMoney: postings must sum to zero');
  const transfer: UnlinkedTransfer = {
    id: transferId,
    kind: movement.kind,
    amount,
    reference: movement.reference ?? null,
    counterparty: movement.counterparty ?? null,
    initiatedBy: movement.initiatedBy ?? null,
    createdAt,
    postings: postings.map((posting) => ({ accountId: posting.account.id, amount: posting.amount, balanceAfter: balances.get(posting.account.id) ?? null })),
  };

  await writeChainedTransfer(
    trx,
    transfer,
    postings.map((posting) => ({
      transfer_id: transferId,
      account_id: posting.account.id,
      amount: posting.amount,
      direction: posting.direction,
      balance_after: balances.get(posting.account.id) ?? null,
      created_at: createdAt,
    })),
  );

  return {
    transferId,
    createdAt,
    debitBalanceAfter: balances.get(debit.id) ?? null,
    creditBalanceAfter: balances.get(credit.id) ?? null,
  };
}

export const systemAccount = (id: string): LedgerAccount => ({ id, kind: 'system' });
