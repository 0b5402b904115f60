import { sql, type Kysely } from 'kysely';
import { databaseFunction } from '../database-functions.js';
import type { MigrationContext } from '../migrate.js';

/**
 * Issue 11 (decision 0022): on PostgreSQL a movement is one function call, one round trip instead
 * of three (two wallet updates, then the transfer with its postings). The rules are moveMoney's
 * (core/ledger/movement-rules.ts), which SQLite runs statement by statement: wallet rows changed in id
 * order (byte order, as JavaScript compares strings), a debit only down to zero, nothing into or out
 * of a closed wallet, the wallet's count of entries moved by the same update. A refusal writes
 * nothing more and names the wallet that refused; the caller says why and rolls back.
 * Frozen once shipped, and so are the versions of the functions it creates (db/functions/).
 */
export function moveMoneyFunctionMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;

      await sql.raw(databaseFunction('change_wallet_balance', 1)).execute(db);
      await sql.raw(databaseFunction('move_money', 1)).execute(db);
    },
  };
}
