import type { Insertable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database, PostingsTable, TransfersTable } from '../../db/schema.js';
import { CHAIN_HEAD_ID, transferHash } from './journal-chain.js';

/** A transfer and its two postings as a set-up writes them, without their place in the chain. */
export interface BulkTransfer {
  transfer: Omit<Insertable<TransfersTable>, 'chain_seq' | 'prev_hash' | 'hash'> & { created_at: string };
  postings: Array<Insertable<PostingsTable>>;
}

/**
 * Writes many transfers at once, linked into the journal's hash chain exactly as moveMoney links
 * one (decision 0018): the head row is moved on by their number in one update, each transfer gets
 * the next place and the hash of the one before, and the head keeps the last hash; the wallets'
 * counts of entries move on as a movement's do. For set-ups that
 * need a long history fast (benchmarks, scale tests); balances are the caller's business, and
 * money moves in the application only through moveMoney.
 */
export async function insertChainedTransfers(trx: Transaction<Database>, batch: BulkTransfer[]): Promise<void> {
  if (batch.length === 0) return;
  // Wallet rows before the chain head, the order a movement takes them in (the head last, at
  // commit on PostgreSQL), so this never deadlocks with a movement.
  await countWalletEntries(trx, batch);
  const head = await trx
    .updateTable('journal_chain_head')
    .set({ seq: sql<number>`seq + ${batch.length}` })
    .where('id', '=', CHAIN_HEAD_ID)
    .returning(['seq', 'hash'])
    .executeTakeFirstOrThrow();
  let seq = head.seq - batch.length;
  let prevHash = head.hash;
  const transfers = batch.map(({ transfer, postings }) => {
    seq += 1;
    const hash = transferHash({
      seq,
      prevHash,
      id: transfer.id,
      kind: transfer.kind,
      amount: transfer.amount,
      reference: transfer.reference ?? null,
      counterparty: transfer.counterparty ?? null,
      initiatedBy: transfer.initiated_by ?? null,
      createdAt: transfer.created_at,
      postings: postings.map((posting) => ({ accountId: posting.account_id, amount: posting.amount, balanceAfter: posting.balance_after ?? null })),
    });
    const row = { ...transfer, chain_seq: seq, prev_hash: prevHash, hash };
    prevHash = hash;
    return row;
  });
  await trx.insertInto('transfers').values(transfers).execute();
  await trx
    .insertInto('postings')
    .values(batch.flatMap((entry) => entry.postings))
    .execute();
  await trx.updateTable('journal_chain_head').set({ hash: prevHash }).where('id', '=', CHAIN_HEAD_ID).execute();
}

/** Moves the wallets' counts of postings in and out on by the batch's, as each movement's balance update does. */
async function countWalletEntries(trx: Transaction<Database>, batch: BulkTransfer[]): Promise<void> {
  const counts = new Map<string, { in: number; out: number }>();
  for (const posting of batch.flatMap((entry) => entry.postings)) {
    const count = counts.get(posting.account_id) ?? { in: 0, out: 0 };
    count[posting.direction] += 1;
    counts.set(posting.account_id, count);
  }
  for (const [accountId, count] of counts) {
    await trx
      .updateTable('accounts')
      .set({ entries_in: sql<number>`entries_in + ${count.in}`, entries_out: sql<number>`entries_out + ${count.out}` })
      .where('id', '=', accountId)
      .where('kind', '=', 'wallet')
      .execute();
  }
}
