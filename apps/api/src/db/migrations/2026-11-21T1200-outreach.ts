import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.js';

/** Reviews of the service and messages sent through the contact form. */
export function outreachMigration({ timestamp }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reviews')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('star', 'integer', (c) => c.notNull().check(sql`star between 1 and 5`))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reviews_newest').on('reviews').columns(['created_at', 'id']).execute();

      await db.schema
        .createTable('contact_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
    },
  };
}
