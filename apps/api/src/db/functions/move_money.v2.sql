-- The PostgreSQL writer of a movement (core/ledger/postgres-writer.ts), one round trip: the
-- wallets' balances in the lock order (byte order of their ids), each update also moving the
-- wallet's hash chain on, then the transfer with its content hash (made by the application) and its
-- two postings with each wallet's place and entry hash (decision 0048). The SQLite writer runs the
-- same statements (core/ledger/sqlite-writer.ts).
-- A refusal names the wallet that refused and writes nothing more.
-- Version 2, created by migration 2026-11-29T1000-wallet-chains.
-- Frozen once shipped: a change is a new version file, created by a new migration
-- (db/database-functions.ts).
create function move_money(
          p_transfer_id text, p_kind text, p_amount bigint, p_reference text, p_counterparty text,
          p_initiated_by text, p_created_at timestamptz, p_content_hash text,
          p_debit text, p_debit_is_wallet boolean, p_credit text, p_credit_is_wallet boolean,
          out debit_balance bigint, out credit_balance bigint, out refused_account text)
        language plpgsql as $$
        declare
          v_side record;
          v_balance bigint;
          v_place bigint;
          v_hash text;
          v_debit_place bigint;
          v_debit_hash text;
          v_credit_place bigint;
          v_credit_hash text;
        begin
          for v_side in
            select account, delta from (values (p_debit, -p_amount, p_debit_is_wallet), (p_credit, p_amount, p_credit_is_wallet)) as side (account, delta, is_wallet)
            where is_wallet order by account collate "C"
          loop
            -- The wallet's balance, its count of entries in or out and its hash chain, in one statement
            -- under the row's lock: a debit only down to zero, nothing into or out of a closed wallet.
            -- The next entry hash is built from the row as it was (db/journal-encoding-v2.ts).
            v_balance := null;
            update accounts set balance = balance + v_side.delta,
                entries_in = entries_in + (v_side.delta > 0)::int,
                entries_out = entries_out + (v_side.delta < 0)::int,
                chain_hash = encode(sha256(convert_to(json_build_array('poisha-entry-v2', p_content_hash, id, v_side.delta,
                  balance + v_side.delta, entries_in + entries_out + 1, chain_hash)::text, 'UTF8')), 'hex')
              where id = v_side.account and kind = 'wallet' and closed_at is null and (v_side.delta > 0 or balance >= -v_side.delta)
              returning balance, entries_in + entries_out, chain_hash into v_balance, v_place, v_hash;
            if v_balance is null then
              refused_account := v_side.account;
              return;
            end if;
            if v_side.delta < 0 then
              debit_balance := v_balance;
              v_debit_place := v_place;
              v_debit_hash := v_hash;
            else
              credit_balance := v_balance;
              v_credit_place := v_place;
              v_credit_hash := v_hash;
            end if;
          end loop;
          insert into transfers (id, kind, amount, reference, counterparty, initiated_by, created_at, hash)
            values (p_transfer_id, p_kind, p_amount, p_reference, p_counterparty, p_initiated_by, p_created_at, p_content_hash);
          insert into postings (transfer_id, account_id, amount, direction, balance_after, created_at, wallet_place, chain_hash) values
            (p_transfer_id, p_debit, -p_amount, 'out', debit_balance, p_created_at, v_debit_place, v_debit_hash),
            (p_transfer_id, p_credit, p_amount, 'in', credit_balance, p_created_at, v_credit_place, v_credit_hash);
        end $$
