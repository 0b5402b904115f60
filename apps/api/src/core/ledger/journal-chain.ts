/**
 * The journal's hash chain (decision 0018): every transfer's hash covers its canonical content and
 * the previous transfer's hash, so changing, removing or inserting a row anywhere breaks every
 * link after it. The encoding in use is version 1, whose one home is db/journal-encoding-v1.ts
 * (the migration that linked the existing journal used it too).
 */
export {
  canonicalTransferV1 as canonicalTransfer,
  GENESIS_HASH_V1 as GENESIS_HASH,
  sha256Hex,
  transferHashV1 as transferHash,
  type PostingV1 as ChainPosting,
  type TransferV1 as ChainedTransfer,
} from '../../db/journal-encoding-v1.js';

/** The one row of `journal_chain_head`: the chain's last place and hash. */
export const CHAIN_HEAD_ID = 1;
