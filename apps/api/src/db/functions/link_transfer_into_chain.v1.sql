-- Links a transfer into the journal's hash chain when its transaction commits (decision 0022): the
-- next place, the previous hash, its own hash over the canonical encoding, version 1
-- (db/journal-encoding-v1.ts, which the SQLite writer uses).
-- Version 1, created by migration 2026-11-25T1000-chain-link-at-commit.
-- Frozen once shipped: a change is a new version file, created by a new migration
-- (db/database-functions.ts).
create function link_transfer_into_chain() returns trigger language plpgsql as $$
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
        end $$
