import type { Kysely } from 'kysely';

/**
 * Issue 24, defect 1: the welcome bonus once per e-mail address and once per phone number, ever,
 * also across closed accounts. Each identity that claimed the bonus is kept as a keyed hash
 * (HMAC-SHA256 with IDENTITY_HASH_SECRET), not as readable data; the primary key lets only one
 * transaction claim it. Frozen once shipped: it depends on nothing that may change later.
 */
export function welcomeBonusClaimsMigration({ timestamp }: { timestamp: 'timestamptz' | 'text' }) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('welcome_bonus_claims')
        .addColumn('identity_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('claimed_at', timestamp, (c) => c.notNull())
        .execute();
      // Finds users who had the bonus before claims existed (claimBonusesGrantedBeforeClaims).
      await db.schema.createIndex('welcome_bonus_claims_user').on('welcome_bonus_claims').column('user_id').execute();
      // When the bonus was refused because the address or number had it before: the user is told why.
      await db.schema.alterTable('users').addColumn('welcome_bonus_refused_at', timestamp).execute();
    },
  };
}
