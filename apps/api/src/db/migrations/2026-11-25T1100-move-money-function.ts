import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Issue 11 (decision 0022): on PostgreSQL a movement is one function call, one round trip instead
 * of three (two wallet updates, then the transfer with its postings). The rules are moveMoney's
 * (core/ledger/ledger.ts), which SQLite runs statement by statement: wallet rows changed in id
 * order (byte order, as JavaScript compares strings), a debit only down to zero, nothing into or out
 * of a closed wallet, the wallet's count of entries moved by the same update. A refusal writes
 * nothing more and names the wallet that refused; the caller says why and rolls back.
 * Frozen once shipped.
 */
export function moveMoneyFunctionMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;

      await sql`create function change_wallet_balance(p_account text, p_delta bigint) returns bigint language plpgsql as $$
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
        end $$`.execute(db);

      await sql`create function move_money(
          p_transfer_id text, p_kind text, p_amount bigint, p_reference text, p_counterparty text,
          p_initiated_by text, p_created_at timestamptz,
          p_debit text, p_debit_is_wallet boolean, p_credit text, p_credit_is_wallet boolean,
          out debit_balance bigint, out credit_balance bigint, out refused_account text)
        language plpgsql as $$
        declare
          v_side record;
          v_balance bigint;
        begin
          for v_side in
            select account, delta from (values (p_debit, -p_amount, p_debit_is_wallet), (p_credit, p_amount, p_credit_is_wallet)) as side (account, delta, is_wallet)
            where is_wallet order by account collate "C"
          loop
            v_balance := change_wallet_balance(v_side.account, v_side.delta);
            if v_balance is null then
              refused_account := v_side.account;
              return;
            end if;
            if v_side.delta < 0 then debit_balance := v_balance; else credit_balance := v_balance; end if;
          end loop;
          insert into transfers (id, kind, amount, reference, counterparty, initiated_by, created_at)
            values (p_transfer_id, p_kind, p_amount, p_reference, p_counterparty, p_initiated_by, p_created_at);
          insert into postings (transfer_id, account_id, amount, direction, balance_after, created_at) values
            (p_transfer_id, p_debit, -p_amount, 'out', debit_balance, p_created_at),
            (p_transfer_id, p_credit, p_amount, 'in', credit_balance, p_created_at);
        end $$`.execute(db);
    },
  };
}
