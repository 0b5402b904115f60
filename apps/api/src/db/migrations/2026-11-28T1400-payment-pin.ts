import type { Kysely } from 'kysely';

/**
 * Issue 26: a 5-digit PIN approves every payment (decision 0042). One row per account that chose
 * one: the PIN's keyed hash (HMAC-SHA-256 with a key derived from the server's secret, bound to the
 * account), the wrong PINs typed in a row, how many blocks the account has had since the PIN was
 * last set (the first lasts an hour, later ones a day) and until when payments are blocked. A
 * payment locks the row (PostgreSQL) before it compares, so parallel guesses are counted one by one.
 * Existing accounts have no row: they choose a PIN before their next payment. Frozen once shipped:
 * it depends on nothing that may change later.
 */
export function paymentPinMigration({ timestamp }: { timestamp: 'timestamptz' | 'text' }) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('payment_pins')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('pin_hash', 'text', (c) => c.notNull())
        .addColumn('wrong_in_row', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('blocks', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('blocked_until', timestamp)
        .addColumn('set_at', timestamp, (c) => c.notNull())
        .execute();
    },
  };
}
