-- A text as JSON (JSON.stringify's escaping), or null: the pieces of the journal's canonical
-- encoding, version 1 (db/journal-encoding-v1.ts).
-- Version 1, created by migration 2026-11-25T1000-chain-link-at-commit.
-- Frozen once shipped: a change is a new version file, created by a new migration
-- (db/database-functions.ts).
create function journal_json_v1(value text) returns text language sql immutable as $$
          select coalesce(to_json(value)::text, 'null') $$
