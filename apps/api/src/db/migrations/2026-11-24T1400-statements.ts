import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

const NOTIFICATION_KINDS = sql`kind in ('money_received', 'request_received', 'request_paid', 'request_declined', 'request_cancelled', 'support_replied', 'statement_ready')`;

/**
 * Issue 13, statements: a period's postings read in time order (account, time, id), the monthly
 * statements issued to each user (one row per user and month: the key that keeps two API
 * instances or a restart from issuing a month twice), and notifications that a statement is
 * ready (amount 0, like support's answers). Frozen once shipped: it depends on nothing that may change later.
 */
export function statementsMigration({ dialect, timestamp, autoId }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('postings_account_created').on('postings').columns(['account_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('monthly_statements')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('monthly_statements_user_month', ['user_id', 'month'])
        .execute();

      if (dialect === 'postgres') {
        await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
        await sql`alter table notifications add constraint notifications_kind_check check (${NOTIFICATION_KINDS})`.execute(db);
        await db.schema.alterTable('notifications').addColumn('statement_month', 'text').execute();
        return;
      }

      // SQLite cannot change a table's checks: the table is rebuilt with the same rows and ids.
      await autoId(db.schema.createTable('notifications_next'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(NOTIFICATION_KINDS))
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
        .addColumn('counterparty_name', 'text', (c) => c.notNull())
        .addColumn('counterparty_phone', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.references('money_requests.id'))
        .addColumn('transfer_id', 'text', (c) => c.references('transfers.id'))
        .addColumn('read_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('ticket_id', 'text', (c) => c.references('support_tickets.id'))
        .addColumn('statement_month', 'text')
        .execute();
      await sql`
        insert into notifications_next (id, user_id, kind, amount, counterparty_name, counterparty_phone, request_id, transfer_id, read_at, created_at, ticket_id)
        select id, user_id, kind, amount, counterparty_name, counterparty_phone, request_id, transfer_id, read_at, created_at, ticket_id from notifications
      `.execute(db);
      await db.schema.dropTable('notifications').execute();
      await db.schema.alterTable('notifications_next').renameTo('notifications').execute();
      await db.schema.createIndex('notifications_newest').on('notifications').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('notifications_unread').on('notifications').columns(['user_id', 'read_at']).execute();
    },
  };
}
