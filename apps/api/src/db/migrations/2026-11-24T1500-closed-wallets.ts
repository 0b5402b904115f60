import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/**
 * Issue 11: a closed account's wallet says so on its own row, so the balance update of a movement
 * can refuse it under the row lock (a concurrent close and credit cannot both win). Existing closed
 * accounts' wallets are marked. Frozen once shipped.
 */
export function closedWalletsMigration({ timestamp }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('accounts').addColumn('closed_at', timestamp).execute();
      await sql`update accounts set closed_at = (select users.closed_at from users where users.id = accounts.user_id)
        where user_id in (select id from users where closed_at is not null)`.execute(db);
    },
  };
}
