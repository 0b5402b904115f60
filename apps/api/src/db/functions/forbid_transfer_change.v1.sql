-- Transfers stay immutable, with one sanctioned change: link_transfer_into_chain filling in the
-- chain columns of a row inserted without them.
-- Version 1, created by migration 2026-11-25T1000-chain-link-at-commit.
-- Frozen once shipped: a change is a new version file, created by a new migration
-- (db/database-functions.ts).
create function forbid_transfer_change() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' and pg_trigger_depth() > 1
            and old.chain_seq is null and old.prev_hash is null and old.hash is null and new.chain_seq is not null
            and to_jsonb(new) - array['chain_seq', 'prev_hash', 'hash'] = to_jsonb(old) - array['chain_seq', 'prev_hash', 'hash'] then
            return new;
          end if;
          raise exception 'journal rows are immutable';
        end $$
