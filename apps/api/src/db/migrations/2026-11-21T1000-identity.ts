import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/** Users, their wallets, sessions, password resets, the audit log, rate limits and banks. */
export function identityMigration({ timestamp, autoId }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('phone', 'text', (c) => c.notNull().unique())
        .addColumn('country', 'text')
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('photo_path', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('wallet', 'system')`))
        .addColumn('code', 'text', (c) => c.unique())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        // The last line of defence for "a wallet never goes below zero".
        .addCheckConstraint('wallet_balance_not_negative', sql`kind <> 'wallet' or balance >= 0`)
        .execute();
      await db.schema.createIndex('accounts_user_currency').unique().on('accounts').columns(['user_id', 'currency']).execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('last_seen_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('password_reset_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('used_at', timestamp)
        .execute();

      await autoId(db.schema.createTable('audit_events'))
        .addColumn('user_id', 'text')
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('detail', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_events_user').on('audit_events').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('rate_limit_buckets')
        .addColumn('bucket_key', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limit_buckets_pk', ['bucket_key', 'window_start'])
        .execute();

      await db.schema
        .createTable('banks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
