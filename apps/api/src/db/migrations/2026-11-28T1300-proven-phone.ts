import type { Kysely } from 'kysely';

/**
 * Issue 26: a phone number receives money only once its owner has proven it with a code sent by SMS
 * (decision 0041). `users.phone_verified_at` marks the proof; every account that existed before is
 * left unproven (null): nobody ever proved those numbers, and the owner is asked to at the next
 * sign-in. `one_time_codes` keeps each code's keyed hash (never the code), the number it was sent
 * to, its tries and its use; `one_time_code_targets` holds one row per number that codes go to, the
 * row each request for a code locks first, so the per-number limits hold under parallel requests.
 * Frozen once shipped: it depends on nothing that may change later.
 */
export function provenPhoneMigration({ timestamp }: { timestamp: 'timestamptz' | 'text' }) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('phone_verified_at', timestamp).execute();
      await db.schema
        .createTable('one_time_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('used_at', timestamp)
        .execute();
      await db.schema.createIndex('one_time_codes_user').on('one_time_codes').columns(['user_id', 'purpose', 'created_at']).execute();
      await db.schema.createIndex('one_time_codes_target').on('one_time_codes').columns(['purpose', 'target', 'created_at']).execute();
      await db.schema
        .createTable('one_time_code_targets')
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('requested_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('one_time_code_targets_pk', ['purpose', 'target'])
        .execute();
    },
  };
}
