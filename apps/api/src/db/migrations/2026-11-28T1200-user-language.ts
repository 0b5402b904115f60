import type { Kysely } from 'kysely';

/**
 * Issue 24, defect 15: every mail is written in its reader's language. The language the app was
 * shown in at sign-up, changed whenever the user switches it; English for the users before.
 * Frozen once shipped: it depends on nothing that may change later.
 */
export function userLanguageMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('language', 'text', (c) => c.notNull().defaultTo('en')).execute();
    },
  };
}
