import type { Kysely } from 'kysely';

/**
 * Issue 24, defect 3: a one-time code mailed to the owner signs in while strangers' failed
 * passwords hold the account (decision 0030). Only the code's argon2id hash is kept; a code lives
 * ten minutes, takes a few tries, and works once. Frozen once shipped: it depends on nothing that
 * may change later.
 */
export function signInCodesMigration({ timestamp }: { timestamp: 'timestamptz' | 'text' }) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sign_in_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('used_at', timestamp)
        .execute();
      await db.schema.createIndex('sign_in_codes_user').on('sign_in_codes').column('user_id').execute();
    },
  };
}
