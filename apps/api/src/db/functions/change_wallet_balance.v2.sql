-- A wallet's balance and its count of entries in or out, changed in one statement under the row's
-- lock: a debit only down to zero, nothing into or out of a closed wallet. Answers the new balance,
-- the wallet's place for this entry (its count of entries) and the hash of its previous entry
-- (decision 0048); all null when refused. The SQLite writer runs the same statements
-- (core/ledger/sqlite-writer.ts).
-- Version 2, created by migration 2026-11-29T1000-wallet-chains.
-- Frozen once shipped: a change is a new version file, created by a new migration
-- (db/database-functions.ts).
create function change_wallet_balance(p_account text, p_delta bigint, out new_balance bigint, out wallet_place bigint, out previous_hash text) language plpgsql as $$
        begin
          if p_delta < 0 then
            update accounts set balance = balance + p_delta, entries_out = entries_out + 1
              where id = p_account and kind = 'wallet' and closed_at is null and balance >= -p_delta
              returning balance, entries_in + entries_out, chain_hash into new_balance, wallet_place, previous_hash;
          else
            update accounts set balance = balance + p_delta, entries_in = entries_in + 1
              where id = p_account and kind = 'wallet' and closed_at is null
              returning balance, entries_in + entries_out, chain_hash into new_balance, wallet_place, previous_hash;
          end if;
        end $$
