import { sql, type Kysely } from 'kysely';
import { entryHash, transferHash } from '../core/ledger/journal-chain.js';
import type { Database } from '../db/schema.js';
import { testDatabase } from './test-app.js';

/** The tables whose rows are immutable: the journal and its seals. */
const JOURNAL_TABLES = ['transfers', 'postings', 'journal_seals', 'journal_seal_wallets'];

/**
 * What someone with database access can do: lift the journal's immutability triggers, change rows,
 * put the triggers back. Only tests do this; the application never does.
 */
export async function asIntruder(db: Kysely<Database>, change: (db: Kysely<Database>) => Promise<unknown>): Promise<void> {
  if (testDatabase === 'postgres') {
    await db.transaction().execute(async (trx) => {
      for (const table of JOURNAL_TABLES) await sql`alter table ${sql.table(table)} disable trigger ${sql.raw(`${table}_immutable`)}`.execute(trx);
      await change(trx);
      for (const table of JOURNAL_TABLES) await sql`alter table ${sql.table(table)} enable trigger ${sql.raw(`${table}_immutable`)}`.execute(trx);
    });
    return;
  }
  const triggers = JOURNAL_TABLES.flatMap((table) => [`${table}_no_update`, `${table}_no_delete`]);
  const definitions = await db.selectFrom(sql<{ name: string; sql: string }>`sqlite_master`.as('m')).select(['name', 'sql']).where('name', 'in', triggers).execute();
  if (definitions.length !== triggers.length) throw new Error('asIntruder: the immutability triggers are not all there');
  for (const { name } of definitions) await sql`drop trigger ${sql.raw(name)}`.execute(db);
  try {
    await change(db);
  } finally {
    for (const definition of definitions) await sql.raw(definition.sql).execute(db);
  }
}

/**
 * An intruder who knows the encoding: changes a transfer's amount or reference and recomputes its
 * content hash, its wallet postings' balances after and entry hashes, and the wallets' heads where
 * it is their newest entry, so every link of the chains still holds (the entries after it, if any,
 * then no longer do). What only the seals can catch (decision 0048).
 */
export async function rehashTransfer(db: Kysely<Database>, transferId: string, change: { amount?: number; reference?: string | null }): Promise<void> {
  const transfer = await db.selectFrom('transfers').selectAll().where('id', '=', transferId).executeTakeFirstOrThrow();
  const postings = await db.selectFrom('postings').selectAll().where('transfer_id', '=', transferId).execute();
  const amount = change.amount ?? transfer.amount;
  const reference = change.reference === undefined ? transfer.reference : change.reference;
  const debit = postings.find((posting) => posting.amount < 0)!;
  const credit = postings.find((posting) => posting.amount > 0)!;
  const contentHash = transferHash({
    id: transfer.id, kind: transfer.kind, amount, reference, counterparty: transfer.counterparty, initiatedBy: transfer.initiated_by, createdAt: transfer.created_at,
    debitAccountId: debit.account_id, creditAccountId: credit.account_id,
  });
  await asIntruder(db, async (intruder) => {
    await intruder.updateTable('transfers').set({ amount, reference, hash: contentHash } as never).where('id', '=', transferId).execute();
    for (const posting of postings) {
      const signed = Math.sign(posting.amount) * amount;
      if (posting.wallet_place === null) {
        await intruder.updateTable('postings').set({ amount: signed }).where('id', '=', posting.id).execute();
        continue;
      }
      const balanceAfter = posting.balance_after! - posting.amount + signed;
      const before = await intruder.selectFrom('postings').select('chain_hash').where('account_id', '=', posting.account_id).where('wallet_place', '=', posting.wallet_place - 1).executeTakeFirst();
      const hash = entryHash({ contentHash, accountId: posting.account_id, amount: signed, balanceAfter, place: posting.wallet_place, previousHash: before?.chain_hash ?? null });
      await intruder.updateTable('postings').set({ amount: signed, balance_after: balanceAfter, chain_hash: hash } as never).where('id', '=', posting.id).execute();
      await intruder.updateTable('accounts').set({ chain_hash: hash }).where('id', '=', posting.account_id).where('chain_hash', '=', posting.chain_hash).execute();
    }
  });
}
