import { createHash } from 'node:crypto';
import { CURRENCY } from '@poisha/contracts';

/**
 * The journal's hash chain (decision 0018): every transfer's hash covers its canonical content and
 * the previous transfer's hash, so changing, removing or inserting a row anywhere breaks every
 * link after it. The encoding is frozen as version 1: a copy of it lives in the backfill migration,
 * and a unit test keeps the two equal.
 */
export const CHAIN_ENCODING = 'poisha-journal-v1';

/** The previous hash of the first transfer in the chain. */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainPosting {
  accountId: string;
  /** Signed minor units: negative leaves the account. */
  amount: number;
  balanceAfter: number | null;
}

/** What a transfer's hash covers, beside the previous hash. */
export interface ChainedTransfer {
  seq: number;
  prevHash: string;
  id: string;
  kind: string;
  amount: number;
  reference: string | null;
  counterparty: string | null;
  initiatedBy: string | null;
  createdAt: string;
  /** Both postings; the encoding puts the debit (negative) one first. */
  postings: ChainPosting[];
}

/**
 * A JSON array in a fixed order: JSON.stringify of strings, integers and null is fully specified
 * (no whitespace, fixed escaping), so any language can rebuild the bytes.
 */
export function canonicalTransfer(transfer: ChainedTransfer): string {
  const postings = [...transfer.postings]
    .sort((left, right) => left.amount - right.amount)
    .map((posting) => [posting.accountId, posting.amount, posting.balanceAfter]);
  return JSON.stringify([
    CHAIN_ENCODING,
    transfer.seq,
    transfer.prevHash,
    transfer.id,
    transfer.kind,
    transfer.amount,
    CURRENCY,
    transfer.reference,
    transfer.counterparty,
    transfer.initiatedBy,
    transfer.createdAt,
    postings,
  ]);
}

export const sha256Hex = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');

export const transferHash = (transfer: ChainedTransfer) => sha256Hex(canonicalTransfer(transfer));
