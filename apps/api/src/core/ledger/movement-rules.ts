import { errorCodes, transferMessages } from '@poisha/contracts';
import type { TransferKind } from '../../db/schema.js';
import { BusinessRuleError } from '../errors.js';

/**
 * The ledger's rules, stated once. Each database has a writer that carries them out under its own
 * locks: sqlite-writer.ts statement by statement, postgres-writer.ts in one call of `move_money`
 * (db/functions/move_money.v2.sql), and the movement-case table (movement-cases.api.test.ts) runs
 * every rule and refusal against both.
 *
 * 1. An amount is a positive whole number of minor units; money moves between two different accounts,
 *    at least one of them a wallet (whose hash chain takes the transfer in).
 * 2. A wallet keeps its balance on its row; a system account does not (its balance is the sum of
 *    its postings), so it is never locked and deposits never queue behind one hot row.
 * 3. A debit takes a wallet down to zero at most; nothing goes into or out of a closed wallet. The
 *    check and the change are one statement under the wallet row's lock.
 * 4. Wallet rows are changed in one order, their ids' byte order (`walletSidesInLockOrder`), so
 *    two opposite transfers cannot deadlock; whatever else a transaction locks, it locks wallets first.
 * 5. A movement writes one transfer and two postings that sum to zero, each wallet's posting linked
 *    into that wallet's hash chain under its row's lock (journal-chain.ts), or, refused, writes nothing.
 */

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

/** Rule 1: a programming error, not a user's (the contracts' schemas refuse such input first). */
export function assertMovable(movement: Pick<Movement, 'debit' | 'credit' | 'amountCents'>): void {
  const { amountCents: amount, debit, credit } = movement;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`moveMoney: amount must be a positive integer, got ${amount}`);
  if (debit.id === credit.id) throw new Error('moveMoney: debit and credit accounts must differ');
  if (debit.kind !== 'wallet' && credit.kind !== 'wallet') throw new Error('moveMoney: one side of a movement must be a wallet');
}

/** Rule 4: the order wallet rows are locked and changed in (byte order, as PostgreSQL's `collate "C"`). */
export const compareLockOrder = (left: string, right: string): number => (left < right ? -1 : left > right ? 1 : 0);

export interface WalletSide {
  side: 'debit' | 'credit';
  accountId: string;
  /** Negative for the debit. */
  deltaCents: number;
}

/** Rules 2 and 4: the wallet sides of a movement (system accounts are not changed), in lock order. */
export function walletSidesInLockOrder(movement: Pick<Movement, 'debit' | 'credit' | 'amountCents'>): WalletSide[] {
  const sides: WalletSide[] = [];
  if (movement.debit.kind === 'wallet') sides.push({ side: 'debit', accountId: movement.debit.id, deltaCents: -movement.amountCents });
  if (movement.credit.kind === 'wallet') sides.push({ side: 'credit', accountId: movement.credit.id, deltaCents: movement.amountCents });
  return sides.sort((left, right) => compareLockOrder(left.accountId, right.accountId));
}

/** Wallet balances after a movement (null for a system account). */
export interface WalletBalances {
  debit: number | null;
  credit: number | null;
}

/** What a writer answers: the new balances, or the wallet whose rule 3 refused (nothing written). */
export type WriterOutcome = { moved: WalletBalances } | { refusedAccountId: string };

/** Rule 3's refusals, as the user reads them. */
const insufficientFunds = () => new BusinessRuleError(errorCodes.insufficientFunds, transferMessages.insufficientFunds);

/** A closed account's wallet: its number no longer reaches a wallet, as for any unknown number. */
const walletClosed = () => new BusinessRuleError(errorCodes.unknownRecipient, transferMessages.unknownRecipient);

/** Which of rule 3's refusals a refused wallet side gets: a closed wallet first, then too little money. */
export function refusalOf(wallet: { closed: boolean }, deltaCents: number): BusinessRuleError {
  if (wallet.closed) return walletClosed();
  if (deltaCents < 0) return insufficientFunds();
  throw new Error('moveMoney: an open wallet refused a credit');
}
