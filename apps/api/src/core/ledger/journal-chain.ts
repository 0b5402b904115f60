import { sha256Hex } from '../../db/journal-encoding-v1.js';

/**
 * The journal's hash chains (decision 0048). Every transfer since then is encoded with version 2:
 * its hash covers its content and, for each wallet it touches, the wallet's place (its count of
 * entries) and the hash of the wallet's previous entry. So each wallet's entries form a chain of
 * their own, linked under the wallet row's lock, and no row is written by every movement. The one
 * global chain of version 1 (decision 0018) ends where version 2 began: it is frozen, and its
 * encoding's one home is db/journal-encoding-v1.ts (the migration that linked the journal used it).
 * PostgreSQL builds the same bytes in `move_money` (db/functions/move_money.v2.sql), compared on
 * random content by a test.
 */
export {
  canonicalTransferV1,
  GENESIS_HASH_V1,
  sha256Hex,
  transferHashV1,
  type PostingV1,
  type TransferV1,
} from '../../db/journal-encoding-v1.js';

/** The one row of `journal_chain_head`: where the frozen version 1 chain ends. */
export const CHAIN_HEAD_ID = 1;

export const JOURNAL_ENCODING_V2 = 'poisha-journal-v2';

/** A wallet's side of a movement as its row answered under its lock. */
export interface WalletLink {
  /** The wallet's count of entries after this one: its place in the wallet's chain, from 1. */
  place: number;
  /** The hash of the wallet's entry at place − 1; null for its first. */
  prevHash: string | null;
}

export interface ChainPosting {
  accountId: string;
  /** Signed minor units: negative leaves the account. */
  amount: number;
  /** A wallet's balance after it; null for a system account. */
  balanceAfter: number | null;
  /** A wallet's link; null for a system account, which has no chain (it is never locked). */
  link: WalletLink | null;
}

/** What a version 2 hash covers. */
export interface ChainedTransfer {
  id: string;
  kind: string;
  amount: number;
  reference: string | null;
  counterparty: string | null;
  initiatedBy: string | null;
  /** ISO-8601 UTC with milliseconds, as both databases hand it back. */
  createdAt: string;
  /** Both postings; the encoding puts the debit (negative) one first. */
  postings: ChainPosting[];
}

/**
 * A JSON array in a fixed order (JSON of strings, safe integers and null has one spelling):
 * ["poisha-journal-v2", id, kind, amount, "USD", reference, counterparty, initiated_by, created_at,
 *  [[account, signed amount, balance after, wallet place, previous hash], …debit first]].
 */
export function canonicalTransfer(transfer: ChainedTransfer): string {
  const postings = [...transfer.postings]
    .sort((left, right) => left.amount - right.amount)
    .map((posting) => [posting.accountId, posting.amount, posting.balanceAfter, posting.link?.place ?? null, posting.link?.prevHash ?? null]);
  return JSON.stringify([
    JOURNAL_ENCODING_V2,
    transfer.id,
    transfer.kind,
    transfer.amount,
    'USD',
    transfer.reference,
    transfer.counterparty,
    transfer.initiatedBy,
    transfer.createdAt,
    postings,
  ]);
}

export const transferHash = (transfer: ChainedTransfer) => sha256Hex(canonicalTransfer(transfer));
