import { sha256Hex, type TransferV1 } from './journal-encoding-v1.js';

/**
 * The journal's canonical encoding, version 2 (decision 0048): a hash chain per wallet. Two hashes:
 *
 * - A transfer's **content hash** (`transfers.hash`), computed by the application before it writes:
 *   SHA-256 of JSON.stringify(["poisha-transfer-v2", id, kind, amount, "USD", reference,
 *   counterparty, initiated_by, created_at, debit account, credit account]).
 * - A wallet **entry hash** (`postings.chain_hash`, and the wallet row's `chain_hash` for its newest),
 *   computed by the wallet's balance update itself, in the same statement, from the row it changes:
 *   SHA-256 of ["poisha-entry-v2", content hash, account, signed amount, balance after, place,
 *   the wallet's previous entry hash], written as PostgreSQL's `json_build_array(…)::text` writes
 *   it (elements separated by ", "), so that `move_money` (functions/move_money.v2.sql) builds the bytes
 *   with one native call. SQLite runs this module's `entryHashV2` as the SQL function
 *   `journal_entry_hash_v2` (database.ts), so both databases compute it in the update.
 *
 * Strings are written by JSON.stringify, which escapes exactly as PostgreSQL's JSON functions do
 * (a test compares them on random text); integers as decimals; absent values as null. Frozen once
 * shipped: hashes already written depend on every byte.
 */
export const TRANSFER_ENCODING_V2 = 'poisha-transfer-v2';
export const ENTRY_ENCODING_V2 = 'poisha-entry-v2';

/** What a transfer's content hash covers: version 1's content without its chain and postings, and its two accounts. */
export type TransferContentV2 = Omit<TransferV1, 'seq' | 'prevHash' | 'postings'> & {
  debitAccountId: string;
  creditAccountId: string;
};

export const canonicalTransferV2 = (transfer: TransferContentV2) =>
  JSON.stringify([
    TRANSFER_ENCODING_V2,
    transfer.id,
    transfer.kind,
    transfer.amount,
    'USD',
    transfer.reference,
    transfer.counterparty,
    transfer.initiatedBy,
    transfer.createdAt,
    transfer.debitAccountId,
    transfer.creditAccountId,
  ]);

export const transferHashV2 = (transfer: TransferContentV2) => sha256Hex(canonicalTransferV2(transfer));

/** One wallet's entry: what its hash covers. */
export interface WalletEntryV2 {
  contentHash: string;
  accountId: string;
  /** Signed minor units: negative leaves the wallet. */
  amount: number;
  balanceAfter: number;
  /** The wallet's count of entries after this one, from 1. */
  place: number;
  /** The wallet's entry hash before this one; null for its first. */
  previousHash: string | null;
}

/** PostgreSQL's `json_build_array(…)::text` of strings, safe integers and null: JSON, elements separated by ", ". */
const postgresJsonArray = (values: Array<string | number | null>) => `[${values.map((value) => JSON.stringify(value)).join(', ')}]`;

export const canonicalEntryV2 = (entry: WalletEntryV2) =>
  postgresJsonArray([ENTRY_ENCODING_V2, entry.contentHash, entry.accountId, entry.amount, entry.balanceAfter, entry.place, entry.previousHash]);

export const entryHashV2 = (entry: WalletEntryV2) => sha256Hex(canonicalEntryV2(entry));
