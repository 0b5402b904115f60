import type { Kysely } from 'kysely';

/**
 * Issue 26: optional two-step sign-in with an authenticator app (decision 0044). `two_step_factors`
 * holds one TOTP secret per account, encrypted (AES-256-GCM, the key derived from the server's
 * secret: the code generator must read it back, so it cannot be hashed), `enabled_at` null while the
 * owner has scanned it but not yet proven it with a code, and the last 30-second step a code was
 * accepted for (a code is never accepted twice). `two_step_recovery_codes` keeps the keyed hashes of
 * the 10 one-time recovery codes. `two_step_challenges` is a sign-in whose password was right,
 * waiting for its code: only the token's hash, its tries and its end. Frozen once shipped: it
 * depends on nothing that may change later.
 */
export function twoStepSignInMigration({ timestamp }: { timestamp: 'timestamptz' | 'text' }) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('two_step_factors')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('enabled_at', timestamp)
        .addColumn('last_used_step', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('two_step_recovery_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('used_at', timestamp)
        .execute();
      await db.schema.createIndex('two_step_recovery_codes_user').on('two_step_recovery_codes').column('user_id').execute();
      await db.schema
        .createTable('two_step_challenges')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('used_at', timestamp)
        .execute();
      await db.schema.createIndex('two_step_challenges_user').on('two_step_challenges').column('user_id').execute();
    },
  };
}
