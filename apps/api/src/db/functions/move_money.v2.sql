-- The PostgreSQL writer of a movement (core/ledger/postgres-writer.ts), one round trip: the
-- wallets' balances in the lock order (byte order of their ids), then the transfer and its two
-- postings, each wallet's linked into that wallet's chain, the transfer hashed over the canonical
-- encoding, version 2 (core/ledger/journal-chain.ts, which the SQLite writer uses), and the wallets'
-- chains moved on to it (decision 0048). A refusal names the wallet that refused and writes nothing more.
-- Version 2, created by migration 2026-11-29T1000-wallet-chains.
-- Frozen once shipped: a change is a new version file, created by a new migration
-- (db/database-functions.ts).
create or replace function move_money(
          p_transfer_id text, p_kind text, p_amount bigint, p_reference text, p_counterparty text,
          p_initiated_by text, p_created_at timestamptz,
          p_debit text, p_debit_is_wallet boolean, p_credit text, p_credit_is_wallet boolean,
          out debit_balance bigint, out credit_balance bigint, out refused_account text)
        language plpgsql as $$
        declare
          v_side record;
          v_entry record;
          v_debit_place bigint;
          v_debit_previous text;
          v_credit_place bigint;
          v_credit_previous text;
          v_canonical text;
          v_hash text;
        begin
          for v_side in
            select account, delta from (values (p_debit, -p_amount, p_debit_is_wallet), (p_credit, p_amount, p_credit_is_wallet)) as side (account, delta, is_wallet)
            where is_wallet order by account collate "C"
          loop
            select * into v_entry from change_wallet_balance(v_side.account, v_side.delta);
            if v_entry.new_balance is null then
              refused_account := v_side.account;
              return;
            end if;
            if v_side.delta < 0 then
              debit_balance := v_entry.new_balance;
              v_debit_place := v_entry.wallet_place;
              v_debit_previous := v_entry.previous_hash;
            else
              credit_balance := v_entry.new_balance;
              v_credit_place := v_entry.wallet_place;
              v_credit_previous := v_entry.previous_hash;
            end if;
          end loop;
          v_canonical := '["poisha-journal-v2",' || journal_json_v1(p_transfer_id) || ',' || journal_json_v1(p_kind)
            || ',' || p_amount::text || ',"USD",' || journal_json_v1(p_reference) || ',' || journal_json_v1(p_counterparty)
            || ',' || journal_json_v1(p_initiated_by)
            || ',' || journal_json_v1(to_char(p_created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
            || ',[[' || journal_json_v1(p_debit) || ',' || (-p_amount)::text || ',' || coalesce(debit_balance::text, 'null')
            || ',' || coalesce(v_debit_place::text, 'null') || ',' || journal_json_v1(v_debit_previous)
            || '],[' || journal_json_v1(p_credit) || ',' || p_amount::text || ',' || coalesce(credit_balance::text, 'null')
            || ',' || coalesce(v_credit_place::text, 'null') || ',' || journal_json_v1(v_credit_previous) || ']]]';
          v_hash := encode(sha256(convert_to(v_canonical, 'UTF8')), 'hex');
          insert into transfers (id, kind, amount, reference, counterparty, initiated_by, created_at, hash)
            values (p_transfer_id, p_kind, p_amount, p_reference, p_counterparty, p_initiated_by, p_created_at, v_hash);
          insert into postings (transfer_id, account_id, amount, direction, balance_after, created_at, wallet_place, prev_hash) values
            (p_transfer_id, p_debit, -p_amount, 'out', debit_balance, p_created_at, v_debit_place, v_debit_previous),
            (p_transfer_id, p_credit, p_amount, 'in', credit_balance, p_created_at, v_credit_place, v_credit_previous);
          update accounts set chain_hash = v_hash
            where id in (p_debit, p_credit) and ((id = p_debit and p_debit_is_wallet) or (id = p_credit and p_credit_is_wallet));
        end $$
