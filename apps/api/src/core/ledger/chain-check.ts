import type { Queryable } from '../../db/schema.js';
import { safeInteger } from '../../db/values.js';
import { GENESIS_HASH, transferHash, type ChainedTransfer } from './journal-chain.js';

export type BrokenLinkReason =
  /** The row's content (or its postings) no longer gives its stored hash. */
  | 'content_altered'
  /** The row does not point at the hash of the transfer before it. */
  | 'previous_hash_mismatch'
  /** A place in the chain is empty: a transfer was removed. */
  | 'transfer_missing'
  /** The head row does not name the last transfer: the newest ones were removed. */
  | 'head_mismatch'
  /** A transfer that is not in the chain at all: written around moveMoney. */
  | 'not_in_chain';

export interface BrokenLink {
  reason: BrokenLinkReason;
  /** The place in the chain where the break is. */
  seq: number | null;
  /** The transfer at (or, for a removed one, just after) the break; null when there is none. */
  transferId: string | null;
  detail: string;
}

export type ChainCheck = { ok: true; transfers: number; headSeq: number; headHash: string } | { ok: false; transfersChecked: number; broken: BrokenLink };

interface ChainRow {
  id: string;
  kind: string;
  amount: number;
  reference: string | null;
  counterparty: string | null;
  initiated_by: string | null;
  created_at: string;
  chain_seq: number | null;
  prev_hash: string | null;
  hash: string | null;
}

const TRANSFER_COLUMNS = ['id', 'kind', 'amount', 'reference', 'counterparty', 'initiated_by', 'created_at', 'chain_seq', 'prev_hash', 'hash'] as const;

/** Transfers with their postings, as the chain encodes them. */
async function withPostings(db: Queryable, rows: ChainRow[]): Promise<Array<{ row: ChainRow; content: Omit<ChainedTransfer, 'seq' | 'prevHash'> }>> {
  if (rows.length === 0) return [];
  const postings = await db
    .selectFrom('postings')
    .select(['transfer_id', 'account_id', 'amount', 'balance_after'])
    .where(
      'transfer_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  return rows.map((row) => ({
    row,
    content: {
      id: row.id,
      kind: row.kind,
      amount: row.amount,
      reference: row.reference,
      counterparty: row.counterparty,
      initiatedBy: row.initiated_by,
      createdAt: row.created_at,
      postings: postings
        .filter((posting) => posting.transfer_id === row.id)
        .map((posting) => ({ accountId: posting.account_id, amount: posting.amount, balanceAfter: posting.balance_after })),
    },
  }));
}

/** Whether one chained row still gives its stored hash. */
export function linkIsIntact(row: ChainRow, content: Omit<ChainedTransfer, 'seq' | 'prevHash'>): boolean {
  if (row.chain_seq === null || row.prev_hash === null || row.hash === null) return false;
  return transferHash({ ...content, seq: row.chain_seq, prevHash: row.prev_hash }) === row.hash;
}

/**
 * Walks the whole chain in order, in batches (bounded memory), and names the first broken link.
 * An operator's check (`npm run ops -- verify-chain`): it reads everything, so it is not for requests.
 */
export async function verifyJournalChain(db: Queryable, options: { batchSize?: number } = {}): Promise<ChainCheck> {
  const batchSize = options.batchSize ?? 1000;
  let expectedSeq = 1;
  let previousHash = GENESIS_HASH;
  let checked = 0;
  const broken = (link: BrokenLink): ChainCheck => ({ ok: false, transfersChecked: checked, broken: link });

  for (;;) {
    const rows = (await db
      .selectFrom('transfers')
      .select([...TRANSFER_COLUMNS])
      .where('chain_seq', '>=', expectedSeq)
      .orderBy('chain_seq')
      .limit(batchSize)
      .execute()) as ChainRow[];
    if (rows.length === 0) break;
    for (const { row, content } of await withPostings(db, rows)) {
      const seq = row.chain_seq!;
      if (seq !== expectedSeq) {
        return broken({
          reason: 'transfer_missing',
          seq: expectedSeq,
          transferId: row.id,
          detail: `no transfer at place ${expectedSeq}; the next one, ${row.id} at ${seq}, points at ${row.prev_hash}`,
        });
      }
      if (row.prev_hash !== previousHash) {
        return broken({ reason: 'previous_hash_mismatch', seq, transferId: row.id, detail: `points at ${row.prev_hash}, the transfer before has ${previousHash}` });
      }
      if (!linkIsIntact(row, content)) {
        return broken({ reason: 'content_altered', seq, transferId: row.id, detail: `its content no longer gives its stored hash ${row.hash}` });
      }
      checked += 1;
      expectedSeq = seq + 1;
      previousHash = row.hash!;
    }
  }

  const head = await db.selectFrom('journal_chain_head').select(['seq', 'hash']).where('id', '=', 1).executeTakeFirst();
  const headSeq = head ? safeInteger(head.seq, 'chain head') : null;
  if (!head || headSeq !== expectedSeq - 1 || head.hash !== previousHash) {
    return broken({
      reason: 'head_mismatch',
      seq: headSeq,
      transferId: null,
      detail: `the head names place ${headSeq ?? 'none'} (${head?.hash ?? 'no hash'}), the chain ends at ${expectedSeq - 1} (${previousHash})`,
    });
  }

  const outside = await db.selectFrom('transfers').select('id').where('chain_seq', 'is', null).orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
  if (outside) return broken({ reason: 'not_in_chain', seq: null, transferId: outside.id, detail: 'this transfer has no place in the chain' });

  return { ok: true, transfers: checked, headSeq: expectedSeq - 1, headHash: previousHash };
}

/** One line for an operator. */
export function describeChainCheck(check: ChainCheck): string {
  if (check.ok) return `The journal's hash chain verifies: ${check.transfers} transfers, head ${check.headSeq} ${check.headHash}.`;
  const { broken } = check;
  const where = broken.transferId ? `transfer ${broken.transferId}` : 'the chain head';
  return `The journal's hash chain is broken at place ${broken.seq ?? '-'} (${where}): ${broken.reason}; ${broken.detail}. ${check.transfersChecked} transfers before it verify.`;
}

/**
 * The first of these transfers whose row no longer gives its stored hash, or whose predecessor's
 * hash is not the one it points at; null when all hold. For checking one document, not the chain.
 */
export async function firstAlteredTransfer(db: Queryable, transferIds: string[], batchSize = 500): Promise<string | null> {
  for (let start = 0; start < transferIds.length; start += batchSize) {
    const ids = transferIds.slice(start, start + batchSize);
    const rows = (await db.selectFrom('transfers').select([...TRANSFER_COLUMNS]).where('id', 'in', ids).execute()) as ChainRow[];
    if (rows.length !== ids.length) return ids.find((id) => !rows.some((row) => row.id === id)) ?? ids[0]!;
    const predecessorSeqs = rows.filter((row) => row.chain_seq !== null && row.chain_seq > 1).map((row) => row.chain_seq! - 1);
    const predecessors =
      predecessorSeqs.length === 0 ? [] : await db.selectFrom('transfers').select(['chain_seq', 'hash']).where('chain_seq', 'in', predecessorSeqs).execute();
    for (const { row, content } of await withPostings(db, rows)) {
      if (!linkIsIntact(row, content)) return row.id;
      const previous = row.chain_seq === 1 ? GENESIS_HASH : predecessors.find((candidate) => candidate.chain_seq === row.chain_seq! - 1)?.hash;
      if (previous !== row.prev_hash) return row.id;
    }
  }
  return null;
}
