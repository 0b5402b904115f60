import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabase, type TestDatabase } from '../test/test-app.js';
import { functionBody, newestDatabaseFunctions } from './database-functions.js';

describe.skipIf(testDatabase !== 'postgres')('the functions a migrated PostgreSQL database runs', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.migrate();
  });
  afterAll(() => database.drop());

  it('are exactly the newest version of each file in db/functions, and no other', async () => {
    const { rows } = await sql<{ name: string; body: string }>`
      select proname as name, prosrc as body from pg_proc
      where pronamespace = ${database.db.pgSchema ?? 'public'}::regnamespace order by proname collate "C"`.execute(database.db.kysely);
    const files = newestDatabaseFunctions().map(({ name, statement }) => ({ name, body: functionBody(statement) }));
    expect(rows.map(({ name }) => name)).toEqual(files.map(({ name }) => name));
    for (const file of files) expect(rows.find((row) => row.name === file.name)?.body, file.name).toBe(file.body);
  });
});
