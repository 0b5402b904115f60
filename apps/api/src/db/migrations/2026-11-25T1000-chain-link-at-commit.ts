import { sql, type Kysely } from 'kysely';
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
 * Frozen once shipped.
 */
export function chainLinkAtCommitMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;

      await sql`create function journal_json_v1(value text) returns text language sql immutable as $$
          select coalesce(to_json(value)::text, 'null') $$`.execute(db);

      await sql`create function link_transfer_into_chain() returns trigger language plpgsql as $$
        declare
          place bigint;
          previous text;
          entries text;
          canonical text;
          linked text;
        begin
          update journal_chain_head set seq = seq + 1 where id = 1 returning seq, hash into place, previous;
          select string_agg('[' || journal_json_v1(account_id) || ',' || amount::text || ',' || coalesce(balance_after::text, 'null') || ']', ',' order by amount)
            into entries from postings where transfer_id = new.id;
          canonical := '["poisha-journal-v1",' || place::text || ',' || journal_json_v1(previous) || ',' || journal_json_v1(new.id)
            || ',' || journal_json_v1(new.kind) || ',' || new.amount::text || ',"USD",' || journal_json_v1(new.reference)
            || ',' || journal_json_v1(new.counterparty) || ',' || journal_json_v1(new.initiated_by)
            || ',' || journal_json_v1(to_char(new.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
            || ',[' || coalesce(entries, '') || ']]';
          linked := encode(sha256(convert_to(canonical, 'UTF8')), 'hex');
          update transfers set chain_seq = place, prev_hash = previous, hash = linked where id = new.id;
          update journal_chain_head set hash = linked where id = 1;
          return null;
        end $$`.execute(db);

      // Journal rows stay immutable, with one sanctioned change: the link above filling in the chain
      // columns of a row inserted without them, and nothing else of the row.
      await sql`create function forbid_transfer_change() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' and pg_trigger_depth() > 1
            and old.chain_seq is null and old.prev_hash is null and old.hash is null and new.chain_seq is not null
            and to_jsonb(new) - array['chain_seq', 'prev_hash', 'hash'] = to_jsonb(old) - array['chain_seq', 'prev_hash', 'hash'] then
            return new;
          end if;
          raise exception 'journal rows are immutable';
        end $$`.execute(db);
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
