import { createHash } from 'node:crypto';

/**
 * The journal's canonical encoding, version 1 (decision 0018): what a transfer's hash in the chain
 * covers. Its one TypeScript home: the migration that linked the existing journal
 * (2026-11-24T1330-journal-hash-chain) and the ledger (core/ledger/journal-chain.ts) both use it;
 * PostgreSQL's `link_transfer_into_chain` (functions/link_transfer_into_chain.v1.sql) builds the
 * same bytes, which a test compares on random content. Frozen: hashes already written depend on
 * every byte, so a change is a version 2 beside it.
 */
export const JOURNAL_ENCODING_V1 = 'poisha-journal-v1';

/** The previous hash of the first transfer in the chain. */
export const GENESIS_HASH_V1 = '0'.repeat(64);

export interface PostingV1 {
  accountId: string;
  /** Signed minor units: negative leaves the account. */
  amount: number;
  balanceAfter: number | null;
}

/** What a transfer's hash covers, beside the previous hash. */
export interface TransferV1 {
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
  postings: PostingV1[];
}

/**
 * A JSON array in a fixed order: JSON.stringify of strings, integers and null is fully specified
 * (no whitespace, fixed escaping), so any language can rebuild the bytes. The currency is USD, the
 * only one version 1 knows.
 */
export function canonicalTransferV1(transfer: TransferV1): string {
  const postings = [...transfer.postings]
    .sort((left, right) => left.amount - right.amount)
    .map((posting) => [posting.accountId, posting.amount, posting.balanceAfter]);
  return JSON.stringify([
    JOURNAL_ENCODING_V1,
    transfer.seq,
    transfer.prevHash,
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

export const sha256Hex = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');

export const transferHashV1 = (transfer: TransferV1) => sha256Hex(canonicalTransferV1(transfer));
