import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Issue 24, defect 5: requests between wallets get limits, notifications of one kind from one
 * person are grouped, and a user can block requests from a number (decision 0033).
 * - `money_requests.withheld_at`: a request from a blocked requester is kept but not delivered.
 * - `notifications.group_key` ("request_received:+8801…") and `event_count`: at most one unread
 *   notification per user and group (a partial unique index); a new event of the group updates it.
 *   Unread duplicates written before are folded into their newest.
 * - `request_blocks`: who blocked whose requests.
 * Frozen once shipped.
 */
export function requestLimitsMigration({ timestamp }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('money_requests').addColumn('withheld_at', timestamp).execute();
      await db.schema.createIndex('money_requests_pair').on('money_requests').columns(['requester_id', 'payer_id', 'status']).execute();

      await db.schema.alterTable('notifications').addColumn('group_key', 'text').execute();
      await db.schema.alterTable('notifications').addColumn('event_count', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await sql`update notifications set group_key = kind || ':' || counterparty_phone
        where kind in ('money_received', 'request_received', 'request_paid', 'request_declined', 'request_cancelled')`.execute(db);
      // Each group's newest unread row stands for the others (their count and amounts), which go.
      await sql`update notifications set
          event_count = (select count(*) from notifications other where other.user_id = notifications.user_id and other.group_key = notifications.group_key and other.read_at is null),
          amount = (select sum(other.amount) from notifications other where other.user_id = notifications.user_id and other.group_key = notifications.group_key and other.read_at is null)
        where group_key is not null and read_at is null
          and id = (select max(other.id) from notifications other where other.user_id = notifications.user_id and other.group_key = notifications.group_key and other.read_at is null)`.execute(db);
      await sql`delete from notifications
        where group_key is not null and read_at is null
          and id < (select max(other.id) from notifications other where other.user_id = notifications.user_id and other.group_key = notifications.group_key and other.read_at is null)`.execute(db);
      await sql`create unique index notifications_unread_group on notifications (user_id, group_key) where read_at is null`.execute(db);

      await db.schema
        .createTable('request_blocks')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('blocked_user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('request_blocks_pk', ['user_id', 'blocked_user_id'])
        .execute();
    },
  };
}
