import type { Transaction } from 'kysely';
import type { Database, TransferKind } from '../../db/schema.js';
import type { ChainedTransfer } from './journal-chain.js';
import type { WalletSide, WriterOutcome } from './movement-rules.js';

/** A transfer's content before it has its place in the hash chain. */
export type UnlinkedTransfer = Omit<ChainedTransfer, 'seq' | 'prevHash' | 'postings'> & { kind: TransferKind; debitAccountId: string; creditAccountId: string };

/**
 * How one database carries out a movement under the rules of movement-rules.ts: changes the wallet
 * sides in the order given, then writes the transfer and its two postings, linked into the hash
 * chain; or answers the wallet that refused (the caller rolls back whatever was written).
 */
export type LedgerWriter = (trx: Transaction<Database>, transfer: UnlinkedTransfer, walletSides: WalletSide[]) => Promise<WriterOutcome>;
