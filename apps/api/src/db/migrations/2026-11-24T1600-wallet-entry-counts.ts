import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Issue 11: a wallet's row counts its postings in and out, kept by the movement's balance update,
 * so a statement page knows its total without counting a long journal. Existing wallets are
 * counted once here. Frozen once shipped.
 */
export function walletEntryCountsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('accounts').addColumn('entries_in', 'bigint', (column) => column.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('accounts').addColumn('entries_out', 'bigint', (column) => column.notNull().defaultTo(0)).execute();
      await sql`update accounts set
          entries_in = (select count(*) from postings where postings.account_id = accounts.id and postings.direction = 'in'),
          entries_out = (select count(*) from postings where postings.account_id = accounts.id and postings.direction = 'out')
        where kind = 'wallet'`.execute(db);
    },
  };
}
