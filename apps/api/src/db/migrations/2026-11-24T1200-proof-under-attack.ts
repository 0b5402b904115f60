import { sql, type Kysely } from 'kysely';

/**
 * Issue 10: e-mail verification before the welcome bonus, the bonus at most once per user, and the
 * devices a user signed in from (a known device is not locked out by someone else's failed logins).
 * Frozen once shipped: it depends on nothing that may change later.
 */
export function proofUnderAttackMigration({ timestamp }: { timestamp: 'timestamptz' | 'text' }) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('email_verified_at', timestamp).execute();
      // Everyone who signed up before verification existed already has the bonus: count them verified.
      await sql`update users set email_verified_at = created_at`.execute(db);

      await db.schema
        .createTable('email_verification_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('email_verification_tokens_user').on('email_verification_tokens').column('user_id').execute();

      // The primary key is the guard: a second credit of the welcome bonus to one user cannot commit.
      await db.schema
        .createTable('welcome_bonuses')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('transfer_id', 'text', (c) => c.notNull().references('transfers.id'))
        .execute();
      await sql`
        insert into welcome_bonuses (user_id, transfer_id)
        select accounts.user_id, min(postings.transfer_id)
        from postings
        join transfers on transfers.id = postings.transfer_id
        join accounts on accounts.id = postings.account_id
        where transfers.kind = 'welcome_bonus' and accounts.kind = 'wallet' and accounts.user_id is not null
        group by accounts.user_id
      `.execute(db);

      await db.schema
        .createTable('trusted_devices')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('last_used_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('trusted_devices_user').on('trusted_devices').column('user_id').execute();
    },
  };
}
