import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Issue 27 (decision 0048): the journal's seals. A seal is a signed Merkle root over the heads of
 * the wallets' chains that moved since the seal before (`journal_seal_wallets`, one row per wallet:
 * its place and hash then), chained to the seal before it, the first to the frozen global chain's
 * head. Seals are immutable like the journal. A document pins the newest seal when issued.
 * Frozen once shipped: it depends on nothing that may change later.
 */
export function journalSealsMigration({ dialect, timestamp }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('journal_seals')
        .addColumn('seq', 'bigint', (c) => c.primaryKey())
        .addColumn('prev_hash', 'text', (c) => c.notNull())
        .addColumn('sealed_at', timestamp, (c) => c.notNull())
        .addColumn('wallets', 'bigint', (c) => c.notNull())
        .addColumn('merkle_root', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('signature', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('journal_seal_wallets')
        .addColumn('seal_seq', 'bigint', (c) => c.notNull().references('journal_seals.seq'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('wallet_place', 'bigint', (c) => c.notNull())
        .addColumn('chain_hash', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('journal_seal_wallets_pk', ['seal_seq', 'account_id'])
        .execute();
      // A wallet's sealed heads in the order of its chain: the newest is what the sealer compares the
      // wallet's head with, and verify-chain checks them as it walks the wallet's entries.
      await db.schema.createIndex('journal_seal_wallets_account').on('journal_seal_wallets').columns(['account_id', 'wallet_place']).execute();

      await db.schema.alterTable('issued_documents').addColumn('seal_seq', 'bigint').execute();
      await db.schema.alterTable('issued_documents').addColumn('seal_hash', 'text').execute();

      for (const table of ['journal_seals', 'journal_seal_wallets']) {
        if (dialect === 'postgres') {
          await sql`create trigger ${sql.raw(`${table}_immutable`)} before update or delete on ${sql.table(table)}
            for each row execute function forbid_journal_change()`.execute(db);
        } else {
          for (const action of ['update', 'delete']) {
            await sql`create trigger ${sql.raw(`${table}_no_${action}`)} before ${sql.raw(action)} on ${sql.table(table)}
              begin select raise(abort, 'journal rows are immutable'); end`.execute(db);
          }
        }
      }
    },
  };
}
