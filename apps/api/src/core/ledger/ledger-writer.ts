import type { Transaction } from 'kysely';
import type { Database, TransferKind } from '../../db/schema.js';
import type { TransferContent } from './journal-chain.js';
import type { WalletSide, WriterOutcome } from './movement-rules.js';

/** A transfer as a writer gets it: its content and its content hash (journal-chain.ts). */
export type HashedTransfer = TransferContent & { kind: TransferKind; hash: string };

/**
 * How one database carries out a movement under the rules of movement-rules.ts: changes the wallet
 * sides in the order given, each balance update also moving the wallet's chain on (its entry hash
 * over the transfer's content hash), then writes the transfer and its two postings with each
 * wallet's place and entry hash; or answers the wallet that refused (the caller rolls back
 * whatever was written).
 */
export type LedgerWriter = (trx: Transaction<Database>, transfer: HashedTransfer, walletSides: WalletSide[]) => Promise<WriterOutcome>;

/** A wallet's row after its side of a movement: the new balance, its place and its entry hash. */
export interface WalletEntryRow {
  balance: number;
  place: number;
  chain_hash: string;
}
