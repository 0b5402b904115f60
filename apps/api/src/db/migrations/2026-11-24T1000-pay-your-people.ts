import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Favourite contacts, money requests between wallets and the notifications that tell users about
 * money and requests. Self-contained: a shipped migration must not change when helpers do.
 */
export function payYourPeopleMigration({ timestamp, autoId }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('favourites')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('contact_user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addUniqueConstraint('favourites_user_phone', ['user_id', 'phone'])
        .addCheckConstraint('favourites_not_self', sql`user_id <> contact_user_id`)
        .execute();
      await db.schema.createIndex('favourites_newest').on('favourites').columns(['user_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('money_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('requester_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('payer_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'paid', 'declined', 'cancelled')`))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('resolved_at', timestamp)
        .addColumn('transfer_id', 'text', (c) => c.references('transfers.id'))
        .addCheckConstraint('money_requests_not_self', sql`requester_id <> payer_id`)
        .execute();
      await db.schema.createIndex('money_requests_requester').on('money_requests').columns(['requester_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('money_requests_payer').on('money_requests').columns(['payer_id', 'created_at', 'id']).execute();

      // A generated id orders notifications written in the same instant (a payment writes two).
      await autoId(db.schema.createTable('notifications'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('money_received', 'request_received', 'request_paid', 'request_declined', 'request_cancelled')`),
        )
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('counterparty_name', 'text', (c) => c.notNull())
        .addColumn('counterparty_phone', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.references('money_requests.id'))
        .addColumn('transfer_id', 'text', (c) => c.references('transfers.id'))
        .addColumn('read_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notifications_newest').on('notifications').columns(['user_id', 'id']).execute();
      // The bell asks for the unread count every few seconds: that count reads this index only.
      await db.schema.createIndex('notifications_unread').on('notifications').columns(['user_id', 'read_at']).execute();
    },
  };
}
