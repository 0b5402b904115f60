import { sql, type Kysely } from 'kysely';
import { databaseFunction } from '../database-functions.js';
import type { MigrationContext } from '../migrate.js';

/**
 * Issue 11 (decision 0022): on PostgreSQL a transfer is linked into the journal's hash chain by the
 * database when its transaction commits, not by moveMoney in the middle of the transaction. The
 * chain head is then locked only for the link itself and the commit, never across a round trip to
 * the application, so movements no longer queue behind each other's remaining statements.
 *
 * `link_transfer_into_chain` builds the same canonical text as `canonicalTransfer` (encoding
 * version 1, core/ledger/journal-chain.ts): JSON of strings via `to_json(text)`, which escapes as
 * JSON.stringify does, integers as their decimal text, the time as ISO-8601 UTC with milliseconds,
 * the postings ordered by amount. A test compares the two on random content; the operator's check
 * recomputes every hash in TypeScript. SQLite has one writer: moveMoney keeps linking there.
 * Frozen once shipped, and so are the versions of the functions it creates (db/functions/).
 */
export function chainLinkAtCommitMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;

      await sql.raw(databaseFunction('journal_json_v1', 1)).execute(db);
      await sql.raw(databaseFunction('link_transfer_into_chain', 1)).execute(db);

      // Journal rows stay immutable, with one sanctioned change: the link above filling in the chain
      // columns of a row inserted without them, and nothing else of the row.
      await sql.raw(databaseFunction('forbid_transfer_change', 1)).execute(db);
      await sql`drop trigger transfers_immutable on transfers`.execute(db);
      await sql`create trigger transfers_immutable before update or delete on transfers
        for each row execute function forbid_transfer_change()`.execute(db);

      // Deferred: runs at commit, once per transfer inserted without its place in the chain (set-ups
      // that write history in bulk link it themselves). The WHEN is evaluated at insert time.
      await sql`create constraint trigger transfers_link_into_chain after insert on transfers
        deferrable initially deferred for each row when (new.chain_seq is null)
        execute function link_transfer_into_chain()`.execute(db);
    },
  };
}
