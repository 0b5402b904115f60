import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Issue 12, operations: an operator can lock a wallet, and support's answer to a ticket reaches the
 * user as a notification. Notifications gain the kind `support_replied` (no amount: 0) and the
 * ticket it is about. SQLite cannot change a column's check, so there the table is rebuilt; nothing
 * references notifications. Frozen once shipped: it depends on nothing that may change later.
 */
export function operationsMigration({ dialect, timestamp, autoId }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('locked_at', timestamp).execute();

      const kinds = sql`kind in ('money_received', 'request_received', 'request_paid', 'request_declined', 'request_cancelled', 'support_replied')`;
      if (dialect === 'postgres') {
        await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
        await sql`alter table notifications drop constraint notifications_amount_check`.execute(db);
        await sql`alter table notifications add constraint notifications_kind_check check (${kinds})`.execute(db);
        await sql`alter table notifications add constraint notifications_amount_check check (amount >= 0)`.execute(db);
        await db.schema.alterTable('notifications').addColumn('ticket_id', 'text', (c) => c.references('support_tickets.id')).execute();
        return;
      }
      await autoId(db.schema.createTable('notifications_new'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(kinds))
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
        .addColumn('counterparty_name', 'text', (c) => c.notNull())
        .addColumn('counterparty_phone', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.references('money_requests.id'))
        .addColumn('transfer_id', 'text', (c) => c.references('transfers.id'))
        .addColumn('read_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('ticket_id', 'text', (c) => c.references('support_tickets.id'))
        .execute();
      await sql`insert into notifications_new (id, user_id, kind, amount, counterparty_name, counterparty_phone, request_id, transfer_id, read_at, created_at)
        select id, user_id, kind, amount, counterparty_name, counterparty_phone, request_id, transfer_id, read_at, created_at from notifications`.execute(db);
      await db.schema.dropTable('notifications').execute();
      await db.schema.alterTable('notifications_new').renameTo('notifications').execute();
      await db.schema.createIndex('notifications_newest').on('notifications').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('notifications_unread').on('notifications').columns(['user_id', 'read_at']).execute();
    },
  };
}
