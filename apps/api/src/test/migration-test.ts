import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/schema.js';
import { createTestDatabase, type TestDatabase } from './test-app.js';

/**
 * The set-up of a migration's test: a database of its own, migrated up to and including
 * `lastMigrationBefore` (the one before the migration under test), so the test can write rows as
 * they stood then and run the rest with `database().migrate()`. Dropped after the file.
 */
export function databaseBeforeMigration(lastMigrationBefore: string): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.migrate(lastMigrationBefore);
  });
  afterAll(() => database?.drop());
  return () => {
    if (!database) throw new Error('the migration test database is made in beforeAll');
    return database;
  };
}

/**
 * Users as the early migrations' `users` table holds them (written in SQL, not through today's
 * code, which may expect columns a later migration adds): id, name and e-mail from the id, phone
 * numbers +8801700000001, +8801700000002, ... in the order given.
 */
export async function insertEarlyUsers(kysely: Kysely<Database>, ids: readonly string[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    const phone = `+88017${String(index + 1).padStart(8, '0')}`;
    await sql`insert into users (id, name, email, phone, country, password_hash, photo_path, created_at)
      values (${id}, ${id}, ${`${id}@example.com`}, ${phone}, 'BD', 'x', null, '2026-11-20T00:00:00.000Z')`.execute(kysely);
  }
}
