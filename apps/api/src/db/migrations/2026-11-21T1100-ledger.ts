import { sql, type Kysely } from 'kysely';
import { databaseFunction } from '../database-functions.js';
import type { MigrationContext } from '../migrate.js';

/**
 * The double-entry journal (transfers and their postings, immutable), idempotency keys, linked
 * bank accounts, deposits and the sandbox payment providers' records.
 */
export function ledgerMigration({ dialect, timestamp, autoId }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db
        .insertInto('accounts' as never)
        .values(
          // System accounts: where money comes from. Written out here, not imported, because a
          // shipped migration must not change when the code's names do.
          ['system:welcome-bonus', 'system:settlement:bank', 'system:settlement:card', 'system:settlement:paypal'].map((id) => ({
            id,
            user_id: null,
            kind: 'system',
            code: id,
            currency: 'USD',
            balance: 0,
            created_at: new Date(0).toISOString(),
          })) as never,
        )
        .execute();

      await db.schema
        .createTable('transfers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('welcome_bonus', 'transfer', 'bank_deposit', 'card_deposit', 'paypal_deposit')`),
        )
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('reference', 'text')
        .addColumn('counterparty', 'text')
        .addColumn('initiated_by', 'text', (c) => c.references('users.id'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();

      await autoId(db.schema.createTable('postings'))
        .addColumn('transfer_id', 'text', (c) => c.notNull().references('transfers.id'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
        .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('in', 'out')`))
        .addColumn('balance_after', 'bigint')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addCheckConstraint('posting_direction_matches_sign', sql`(direction = 'in' and amount > 0) or (direction = 'out' and amount < 0)`)
        .execute();
      // Statement pages walk these indexes backwards: newest first, any page, whatever the journal's size.
      await db.schema.createIndex('postings_account').on('postings').columns(['account_id', 'id']).execute();
      await db.schema.createIndex('postings_account_direction').on('postings').columns(['account_id', 'direction', 'id']).execute();
      await db.schema.createIndex('postings_account_time').on('postings').columns(['account_id', 'direction', 'created_at']).execute();
      await db.schema.createIndex('postings_transfer').on('postings').column('transfer_id').execute();

      // Journal rows are never changed or removed; corrections are new, reversing transfers.
      if (dialect === 'postgres') {
        await sql.raw(databaseFunction('forbid_journal_change', 1)).execute(db);
        for (const table of ['transfers', 'postings']) {
          await sql`create trigger ${sql.raw(`${table}_immutable`)} before update or delete on ${sql.table(table)}
            for each row execute function forbid_journal_change()`.execute(db);
        }
      } else {
        for (const table of ['transfers', 'postings']) {
          for (const action of ['update', 'delete']) {
            await sql`create trigger ${sql.raw(`${table}_no_${action}`)} before ${sql.raw(action)} on ${sql.table(table)}
              begin select raise(abort, 'journal rows are immutable'); end`.execute(db);
          }
        }
      }

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('idem_key', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'idem_key'])
        .execute();

      await db.schema
        .createTable('bank_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('bank_id', 'text', (c) => c.notNull().references('banks.id'))
        .addColumn('account_number', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addUniqueConstraint('bank_accounts_unique', ['user_id', 'bank_id', 'account_number'])
        .execute();

      await db.schema
        .createTable('deposits')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('bank', 'card', 'paypal')`))
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('succeeded', 'declined')`))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('transfer_id', 'text', (c) => c.references('transfers.id'))
        .addColumn('provider_ref', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('deposits_user').on('deposits').columns(['user_id', 'created_at']).execute();

      // The sandbox card provider's own records: a token, the brand and last four digits, never the number.
      await db.schema
        .createTable('sandbox_card_payment_methods')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('brand', 'text', (c) => c.notNull())
        .addColumn('last4', 'text', (c) => c.notNull())
        .addColumn('exp_month', 'integer', (c) => c.notNull())
        .addColumn('exp_year', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('succeed', 'decline')`))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('paypal_orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('created', 'captured', 'cancelled')`))
        .addColumn('transfer_id', 'text', (c) => c.references('transfers.id'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
    },
  };
}
