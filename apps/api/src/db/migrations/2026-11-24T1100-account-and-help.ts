import { sql, type Kysely } from 'kysely';

/**
 * Account settings and help: closing accounts, e-mail changes, support tickets, loan interest and
 * one review per user. Frozen once shipped: it depends on nothing that may change later.
 */
export function accountAndHelpMigration({ timestamp }: { timestamp: 'timestamptz' | 'text' }) {
  return {
    async up(db: Kysely<unknown>) {
      // A closed account keeps its row (the ledger points at its wallet) but gives up its e-mail
      // and phone for new sign-ups: they move to these columns, and the unique ones get
      // placeholders. SQLite cannot drop the inline UNIQUE constraints, so the columns stay.
      await db.schema.alterTable('users').addColumn('closed_at', timestamp).execute();
      await db.schema.alterTable('users').addColumn('closed_email', 'text').execute();
      await db.schema.alterTable('users').addColumn('closed_phone', 'text').execute();

      await db.schema
        .createTable('email_change_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('new_email', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('used_at', timestamp)
        .execute();
      await db.schema.createIndex('email_change_tokens_user').on('email_change_tokens').column('user_id').execute();

      await db.schema
        .createTable('support_tickets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'answered', 'closed')`))
        .addColumn('transfer_id', 'text', (c) => c.references('transfers.id'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('support_tickets_user').on('support_tickets').columns(['user_id', 'updated_at', 'id']).execute();

      await db.schema
        .createTable('support_ticket_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('ticket_id', 'text', (c) => c.notNull().references('support_tickets.id'))
        .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('user', 'support')`))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('support_ticket_messages_ticket').on('support_ticket_messages').columns(['ticket_id', 'created_at']).execute();

      await db.schema
        .createTable('loan_interests')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();

      // One review per user from now on: keep each user's newest, then make it a rule.
      await sql`
        delete from reviews where exists (
          select 1 from reviews newer
          where newer.user_id = reviews.user_id
            and (newer.created_at > reviews.created_at or (newer.created_at = reviews.created_at and newer.id > reviews.id))
        )`.execute(db);
      await db.schema.createIndex('reviews_one_per_user').unique().on('reviews').column('user_id').execute();
    },
  };
}
