import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestApp, holdingSchemaCatalog, testDatabase } from '../test/test-app.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const url = process.env.TEST_POSTGRES_URL ?? '';

async function adminQuery<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const schemaExists = async (schema: string) =>
  (await adminQuery('select 1 from pg_namespace where nspname = $1', [schema])).length > 0;

describe.skipIf(testDatabase !== 'postgres')('migrations on a PostgreSQL database with other schemas', () => {
  it('migrate a schema of their own when another schema (public, where the app ran) is already migrated', async () => {
    const suffix = crypto.randomUUID().replaceAll('-', '');
    const [first, second] = [`migrated_${suffix}`, `fresh_${suffix}`];
    try {
      for (const schema of [first, second]) {
        await adminQuery(`create schema ${schema}`);
        const db = openDatabase({ databaseUrl: url, dataDir: '/nonexistent', pgSchema: schema, pgPoolSize: 2 });
        try {
          await holdingSchemaCatalog(url, 'shared', () => migrateToLatest(db));
        } finally {
          await db.close();
        }
      }
      const tables = await adminQuery<{ table_name: string }>('select table_name from information_schema.tables where table_schema = $1', [second]);
      expect(tables.map((row) => row.table_name)).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'users', 'transfers']));
    } finally {
      await holdingSchemaCatalog(url, 'exclusive', (client) => client.query(`drop schema if exists ${first} cascade; drop schema if exists ${second} cascade`));
    }
  });

  it('leave no schema behind when a test file cannot set up its database', async () => {
    let schema: string | undefined;
    const failing = createTestApp({
      onQuery: (query) => {
        schema ??= /"(test_[0-9a-f]{32})"/.exec(query)?.[1];
        if (query.includes('create table "users"')) throw new Error('set-up fails on purpose');
      },
    });
    await expect(failing).rejects.toThrow();
    expect(schema).toMatch(/^test_/);
    expect(await schemaExists(schema ?? '')).toBe(false);
  });
});
