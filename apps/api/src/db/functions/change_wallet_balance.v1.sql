-- A wallet's balance and its count of entries in or out, changed in one statement under the row's
-- lock: a debit only down to zero, nothing into or out of a closed wallet. Null when refused. The
-- SQLite writer runs the same statements (core/ledger/sqlite-writer.ts).
-- Version 1, created by migration 2026-11-25T1100-move-money-function.
-- Frozen once shipped: a change is a new version file, created by a new migration
-- (db/database-functions.ts).
create function change_wallet_balance(p_account text, p_delta bigint) returns bigint language plpgsql as $$
        declare
          v_balance bigint;
        begin
          if p_delta < 0 then
            update accounts set balance = balance + p_delta, entries_out = entries_out + 1
              where id = p_account and kind = 'wallet' and closed_at is null and balance >= -p_delta
              returning balance into v_balance;
          else
            update accounts set balance = balance + p_delta, entries_in = entries_in + 1
              where id = p_account and kind = 'wallet' and closed_at is null
              returning balance into v_balance;
          end if;
          return v_balance;
        end $$
