import { sql, type Kysely } from 'kysely';
import { GENESIS_HASH_V1, transferHashV1, type TransferV1 } from '../journal-encoding-v1.js';

/**
 * Issue 13: the journal's hash chain (decision 0018) and the documents issued from it.
 * Frozen once shipped, and so is the canonical encoding it links with (version 1,
 * db/journal-encoding-v1.ts, which the ledger uses too).
 */

const BATCH = 500;

interface TransferRow {
  id: string;
  kind: string;
  amount: number | string;
  reference: string | null;
  counterparty: string | null;
  initiated_by: string | null;
  created_at: string | Date;
}

interface PostingRow {
  transfer_id: string;
  account_id: string;
  amount: number | string;
  balance_after: number | string | null;
}

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());
const integer = (value: number | string) => {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`journal-hash-chain: not a safe integer: ${value}`);
  return number;
};

/** Links every existing transfer, in created_at, id order, the way moveMoney links new ones. */
async function backfillChain(db: Kysely<unknown>): Promise<{ seq: number; hash: string }> {
  let seq = 0;
  let hash = GENESIS_HASH_V1;
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const position: { createdAt: string; id: string } | null = after;
    const batch: TransferRow[] = (
      await sql<TransferRow>`
        select id, kind, amount, reference, counterparty, initiated_by, created_at from transfers
        ${position ? sql`where created_at > ${position.createdAt} or (created_at = ${position.createdAt} and id > ${position.id})` : sql``}
        order by created_at, id limit ${BATCH}`.execute(db)
    ).rows;
    if (batch.length === 0) break;
    const postings = (
      await sql<PostingRow>`select transfer_id, account_id, amount, balance_after from postings
        where transfer_id in (${sql.join(batch.map((row) => row.id))})`.execute(db)
    ).rows;
    for (const row of batch) {
      seq += 1;
      const transfer: TransferV1 = {
        seq,
        prevHash: hash,
        id: row.id,
        kind: row.kind,
        amount: integer(row.amount),
        reference: row.reference,
        counterparty: row.counterparty,
        initiatedBy: row.initiated_by,
        createdAt: iso(row.created_at),
        postings: postings
          .filter((posting) => posting.transfer_id === row.id)
          .map((posting) => ({
            accountId: posting.account_id,
            amount: integer(posting.amount),
            balanceAfter: posting.balance_after === null ? null : integer(posting.balance_after),
          })),
      };
      const next = transferHashV1(transfer);
      await sql`update transfers set chain_seq = ${seq}, prev_hash = ${hash}, hash = ${next} where id = ${row.id}`.execute(db);
      hash = next;
    }
    const last = batch.at(-1)!;
    // Keyset on the stored text (SQLite) or timestamp (PostgreSQL), so pass back what was read.
    after = { createdAt: last.created_at instanceof Date ? last.created_at.toISOString() : last.created_at, id: last.id };
  }
  return { seq, hash };
}

export function journalHashChainMigration({ dialect, timestamp }: { dialect: 'sqlite' | 'postgres'; timestamp: 'timestamptz' | 'text' }) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('transfers').addColumn('chain_seq', 'bigint').execute();
      await db.schema.alterTable('transfers').addColumn('prev_hash', 'text').execute();
      await db.schema.alterTable('transfers').addColumn('hash', 'text').execute();

      // The chain's serialisation point: one row, updated (and so locked) by every movement.
      await db.schema
        .createTable('journal_chain_head')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .execute();

      // Journal rows are immutable; the backfill is the one sanctioned write, with the guard lifted
      // for this migration's transaction only (SQLite: the same trigger is created again).
      if (dialect === 'postgres') {
        await sql`alter table transfers disable trigger transfers_immutable`.execute(db);
      } else {
        await sql`drop trigger transfers_no_update`.execute(db);
      }
      const head = await backfillChain(db);
      if (dialect === 'postgres') {
        await sql`alter table transfers enable trigger transfers_immutable`.execute(db);
      } else {
        await sql`create trigger transfers_no_update before update on transfers
          begin select raise(abort, 'journal rows are immutable'); end`.execute(db);
      }
      await sql`insert into journal_chain_head (id, seq, hash) values (1, ${head.seq}, ${head.hash})`.execute(db);
      await db.schema.createIndex('transfers_chain_seq').on('transfers').column('chain_seq').unique().execute();

      // Documents (statements, receipts) a user was given, each checkable by its short code.
      await db.schema
        .createTable('issued_documents')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('statement', 'receipt')`))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        // The receipt's transfer, or the statement's range [period_from, period_to).
        .addColumn('transfer_id', 'text', (c) => c.references('transfers.id'))
        .addColumn('period_from', timestamp)
        .addColumn('period_to', timestamp)
        .addColumn('content_digest', 'text', (c) => c.notNull())
        .addColumn('chain_seq', 'bigint', (c) => c.notNull())
        .addColumn('chain_hash', 'text', (c) => c.notNull())
        .addColumn('file_digest', 'text')
        .addColumn('issued_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('issued_documents_user').on('issued_documents').columns(['user_id', 'issued_at']).execute();
    },
  };
}
