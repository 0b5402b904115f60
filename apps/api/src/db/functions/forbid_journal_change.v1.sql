-- Journal rows (transfers, postings) are never changed or removed: corrections are new, reversing
-- transfers.
-- Version 1, created by migration 2026-11-21T1100-ledger.
-- Frozen once shipped: a change is a new version file, created by a new migration
-- (db/database-functions.ts).
create function forbid_journal_change() returns trigger language plpgsql as $$
          begin raise exception 'journal rows are immutable'; end $$
