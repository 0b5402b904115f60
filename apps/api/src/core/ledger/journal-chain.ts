/**
 * The journal's hash chains (decision 0048). Every transfer since then has a content hash, and
 * every wallet entry an entry hash over the transfer's content hash, the wallet's side of it (amount,
 * balance after, place) and the wallet's entry hash before: each wallet's entries form a chain of
 * their own, linked by the wallet's balance update under the row's lock, and no row is written by
 * every movement. Encoding version 2's one home is db/journal-encoding-v2.ts (the SQLite database
 * runs it as a SQL function; PostgreSQL's `move_money` builds the same bytes).
 *
 * The one global chain of version 1 (decision 0018) ends where version 2 began: it is frozen, and
 * its encoding's one home is db/journal-encoding-v1.ts.
 */
export {
  canonicalTransferV1,
  GENESIS_HASH_V1,
  sha256Hex,
  transferHashV1,
  type PostingV1,
  type TransferV1,
} from '../../db/journal-encoding-v1.js';
export {
  canonicalEntryV2 as canonicalEntry,
  canonicalTransferV2 as canonicalTransfer,
  entryHashV2 as entryHash,
  transferHashV2 as transferHash,
  type TransferContentV2 as TransferContent,
  type WalletEntryV2 as WalletEntry,
} from '../../db/journal-encoding-v2.js';

/** The one row of `journal_chain_head`: where the frozen version 1 chain ends. */
export const CHAIN_HEAD_ID = 1;
