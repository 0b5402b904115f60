-- A wallet's balance, its count of entries in or out and its hash chain, changed in one statement
-- under the row's lock: a debit only down to zero, nothing into or out of a closed wallet. The
-- wallet's next entry hash (encoding version 2, db/journal-encoding-v2.ts) is built from the row as
-- it was and the transfer's content hash. Answers the new balance, the wallet's place for this
-- entry and its entry hash; all null when refused. The SQLite writer runs the same statements
-- (core/ledger/sqlite-writer.ts).
-- Version 2, created by migration 2026-11-29T1000-wallet-chains.
-- Frozen once shipped: a change is a new version file, created by a new migration
-- (db/database-functions.ts).
create function change_wallet_balance(p_account text, p_delta bigint, p_content_hash text, out new_balance bigint, out new_place bigint, out new_chain_hash text)
        language plpgsql as $$
        begin
          update accounts set balance = balance + p_delta,
              entries_in = entries_in + (p_delta > 0)::int,
              entries_out = entries_out + (p_delta < 0)::int,
              chain_hash = encode(sha256(convert_to(json_build_array('poisha-entry-v2', p_content_hash, id, p_delta, balance + p_delta,
                entries_in + entries_out + 1, chain_hash)::text, 'UTF8')), 'hex')
            where id = p_account and kind = 'wallet' and closed_at is null and (p_delta > 0 or balance >= -p_delta)
            returning balance, entries_in + entries_out, chain_hash into new_balance, new_place, new_chain_hash;
        end $$
