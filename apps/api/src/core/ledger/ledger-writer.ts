import type { Transaction } from 'kysely';
import type { Database, TransferKind } from '../../db/schema.js';
import { transferHash, type ChainedTransfer, type ChainPosting, type WalletLink } from './journal-chain.js';
import type { WalletSide, WriterOutcome } from './movement-rules.js';

/** A transfer's content before its postings are linked into its wallets' chains. */
export type UnlinkedTransfer = Omit<ChainedTransfer, 'postings'> & { kind: TransferKind; debitAccountId: string; creditAccountId: string };

/**
 * How one database carries out a movement under the rules of movement-rules.ts: changes the wallet
 * sides in the order given, then writes the transfer and its two postings, linked into each
 * wallet's chain; or answers the wallet that refused (the caller rolls back whatever was written).
 */
export type LedgerWriter = (trx: Transaction<Database>, transfer: UnlinkedTransfer, walletSides: WalletSide[]) => Promise<WriterOutcome>;

/** A wallet's row after its side of a movement: the new balance, and its link (place, previous hash). */
export interface WalletEntry extends WalletLink {
  balanceAfter: number;
}

/**
 * The two postings (which sum to zero), each wallet's linked into that wallet's chain, and the
 * transfer's hash over them (encoding version 2). For writers that hash in TypeScript: the SQLite
 * writer and the bulk set-up; PostgreSQL's `move_money` builds the same.
 */
export function linkedTransfer(
  transfer: UnlinkedTransfer,
  entries: { debit: WalletEntry | null; credit: WalletEntry | null },
): { postings: [ChainPosting, ChainPosting]; hash: string } {
  const posting = (accountId: string, amount: number, entry: WalletEntry | null): ChainPosting => ({
    accountId,
    amount,
    balanceAfter: entry?.balanceAfter ?? null,
    link: entry ? { place: entry.place, prevHash: entry.prevHash } : null,
  });
  const postings: [ChainPosting, ChainPosting] = [
    posting(transfer.debitAccountId, -transfer.amount, entries.debit),
    posting(transfer.creditAccountId, transfer.amount, entries.credit),
  ];
  const { id, kind, amount, reference, counterparty, initiatedBy, createdAt } = transfer;
  return { postings, hash: transferHash({ id, kind, amount, reference, counterparty, initiatedBy, createdAt, postings }) };
}
