import type { Kysely } from 'kysely';

/**
 * Issue 26: passkeys (decision 0045). `passkeys` holds each WebAuthn credential an owner added: its
 * id and public key (base64url: the same text on both databases), the authenticator's signature
 * counter (a cloned key shows as a counter that goes back), whether it is kept in a synced store,
 * and its name. `passkey_challenges` is every challenge handed to a browser, by its hash: what it is
 * for (adding a passkey, signing in, approving a payment), whose it is (none for a sign-in, where the
 * passkey names the account), its end, and once used, when and (for a payment) by which
 * Idempotency-Key, so a retry of that payment is the same payment and nothing else can use it.
 * Frozen once shipped: it depends on nothing that may change later.
 */
export function passkeysMigration({ timestamp }: { timestamp: 'timestamptz' | 'text' }) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('passkeys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text')
        .addColumn('synced', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('last_used_at', timestamp)
        .execute();
      await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
      await db.schema
        .createTable('passkey_challenges')
        .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('used_at', timestamp)
        .addColumn('used_for', 'text')
        .execute();
      await db.schema.createIndex('passkey_challenges_expiry').on('passkey_challenges').column('expires_at').execute();
    },
  };
}
