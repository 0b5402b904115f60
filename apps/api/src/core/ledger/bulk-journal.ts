import type { Insertable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database, PostingsTable, TransferKind, TransfersTable } from '../../db/schema.js';
import { entryHash, transferHash } from './journal-chain.js';
import { compareLockOrder } from './movement-rules.js';

/** A transfer and its two postings as a set-up writes them, without their hashes. */
export interface BulkTransfer {
  transfer: Omit<Insertable<TransfersTable>, 'chain_seq' | 'prev_hash' | 'hash'> & { created_at: string; kind: TransferKind };
  postings: Array<Omit<Insertable<PostingsTable>, 'wallet_place' | 'chain_hash'>>;
}

/**
 * Writes many transfers at once, hashed and linked into their wallets' chains exactly as a movement
 * is (encoding version 2, journal-chain.ts): the wallets' counts of entries move on by the batch's
 * in one update each (their rows locked in the ledger's lock order, so this never deadlocks with a
 * movement), each wallet posting takes the next place and its entry hash over the one before, and
 * each wallet row keeps its last. For set-ups that need a long history fast (benchmarks, scale
 * tests); balances are the caller's business, and money moves in the application only through
 * moveMoney.
 */
export async function insertChainedTransfers(trx: Transaction<Database>, batch: BulkTransfer[]): Promise<void> {
  if (batch.length === 0) return;
  const wallets = await countWalletEntries(trx, batch);
  const transfers: Array<Insertable<TransfersTable>> = [];
  const postings: Array<Insertable<PostingsTable>> = [];
  for (const { transfer, postings: pair } of batch) {
    const debit = pair.find((posting) => posting.amount < 0);
    const credit = pair.find((posting) => posting.amount > 0);
    if (!debit || !credit || pair.length !== 2) throw new Error(`insertChainedTransfers: transfer ${transfer.id} needs one debit and one credit posting`);
    const contentHash = transferHash({
      id: transfer.id,
      kind: transfer.kind,
      amount: transfer.amount,
      reference: transfer.reference ?? null,
      counterparty: transfer.counterparty ?? null,
      initiatedBy: transfer.initiated_by ?? null,
      createdAt: transfer.created_at,
      debitAccountId: debit.account_id,
      creditAccountId: credit.account_id,
    });
    transfers.push({ ...transfer, hash: contentHash });
    for (const posting of [debit, credit]) {
      const wallet = wallets.get(posting.account_id);
      if (!wallet) {
        postings.push({ ...posting, wallet_place: null, chain_hash: null });
        continue;
      }
      if (posting.balance_after === null || posting.balance_after === undefined) throw new Error(`insertChainedTransfers: a wallet posting of ${transfer.id} has no balance after`);
      wallet.place += 1;
      wallet.hash = entryHash({ contentHash, accountId: posting.account_id, amount: posting.amount, balanceAfter: posting.balance_after, place: wallet.place, previousHash: wallet.hash });
      postings.push({ ...posting, wallet_place: wallet.place, chain_hash: wallet.hash });
    }
  }
  await trx.insertInto('transfers').values(transfers).execute();
  await trx.insertInto('postings').values(postings).execute();
  for (const [accountId, wallet] of wallets) await trx.updateTable('accounts').set({ chain_hash: wallet.hash }).where('id', '=', accountId).execute();
}

/**
 * Moves the wallets' counts of postings in and out on by the batch's, as each movement's balance
 * update does, in lock order; answers each wallet's place and chain hash before the batch.
 */
async function countWalletEntries(trx: Transaction<Database>, batch: BulkTransfer[]): Promise<Map<string, { place: number; hash: string | null }>> {
  const counts = new Map<string, { in: number; out: number }>();
  for (const posting of batch.flatMap((entry) => entry.postings)) {
    const count = counts.get(posting.account_id) ?? { in: 0, out: 0 };
    count[posting.direction] += 1;
    counts.set(posting.account_id, count);
  }
  const wallets = new Map<string, { place: number; hash: string | null }>();
  for (const [accountId, count] of [...counts].sort(([left], [right]) => compareLockOrder(left, right))) {
    const row = await trx
      .updateTable('accounts')
      .set({ entries_in: sql<number>`entries_in + ${count.in}`, entries_out: sql<number>`entries_out + ${count.out}` })
      .where('id', '=', accountId)
      .where('kind', '=', 'wallet')
      .returning([sql<number>`entries_in + entries_out`.as('place'), 'chain_hash'])
      .executeTakeFirst();
    if (row) wallets.set(accountId, { place: Number(row.place) - count.in - count.out, hash: row.chain_hash });
  }
  return wallets;
}
