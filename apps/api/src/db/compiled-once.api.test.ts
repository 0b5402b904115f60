import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabase } from '../test/test-app.js';
import { compiledOnce } from './compiled-once.js';
import type { Queryable } from './schema.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  await sql`create table probe (id integer primary key, label text not null, kind text not null)`.execute(database.db.kysely);
  await sql`insert into probe values (1, 'one', 'odd'), (2, 'two', 'even'), (3, 'three', 'odd'), (4, 'odd', 'even')`.execute(database.db.kysely);
});
afterAll(() => database.drop());

/** The probe table is the test's own; the database's type does not know it. (A type alias: withTables needs an index signature.) */
type ProbeTable = { probe: { id: number; label: string; kind: string } };
const probeDb = (db: Queryable) => db.withTables<ProbeTable>();

describe(`queries compiled once (${testDatabase})`, () => {
  it('builds the query once and answers each call with its own values', async () => {
    let builds = 0;
    const labelled = compiledOnce((db: Queryable, { kind, minId }: { kind: string; minId: number }) => {
      builds += 1;
      return probeDb(db).selectFrom('probe').select(['id', 'label']).where('kind', '=', kind).where('id', '>=', minId).where('label', '<>', 'odd').orderBy('id');
    });
    const { kysely } = database.db;
    expect(await labelled(kysely, { kind: 'odd', minId: 1 })).toEqual([
      { id: 1, label: 'one' },
      { id: 3, label: 'three' },
    ]);
    // A call's value that equals the query's own constant ('odd') is still the call's.
    expect(await labelled(kysely, { kind: 'even', minId: 1 })).toEqual([{ id: 2, label: 'two' }]);
    expect(await labelled(kysely, { minId: 2, kind: 'odd' })).toEqual([{ id: 3, label: 'three' }]);
    expect(await kysely.transaction().execute((trx) => labelled(trx, { kind: 'odd', minId: 3 }))).toEqual([{ id: 3, label: 'three' }]);
    expect(builds).toBe(1);
  });

  it('refuses a query that does not use a named value as a value', async () => {
    const careless = compiledOnce((db: Queryable, { id }: { id: number }) => probeDb(db).selectFrom('probe').select('label').where('id', '=', typeof id === 'number' ? id : 1));
    await expect(careless(database.db.kysely, { id: 2 })).rejects.toThrow(/the value id does not reach the query/);
  });
});
