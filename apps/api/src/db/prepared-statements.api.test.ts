import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabase } from '../test/test-app.js';

// PostgreSQL only: SQLite statements are prepared once and cached by the driver (db/database.ts).
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  await sql`create table probe (id integer primary key, label text not null)`.execute(database.db.kysely);
  await sql`insert into probe values (1, 'one'), (2, 'two')`.execute(database.db.kysely);
});
afterAll(() => database.drop());

const PROBE = 'select * from probe where id = $1';
const probe = (id: number) => sql<Record<string, unknown>>`select * from probe where id = ${id}`;

describe.skipIf(testDatabase !== 'postgres')('statements prepared once per connection (PostgreSQL)', () => {
  it('prepares a parameterised statement on first use and reuses it', async () => {
    const prepared = await database.db.kysely.connection().execute(async (connection) => {
      await probe(1).execute(connection);
      await probe(2).execute(connection);
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection)).rows.map((row) => row.statement);
    });
    expect(prepared.filter((statement) => statement === PROBE)).toHaveLength(1);
  });

  it('plans a prepared statement once: it runs on its generic plan from the first call (decision 0029)', async () => {
    const plans = await database.db.kysely.connection().execute(async (connection) => {
      // PostgreSQL's default plans the first five calls for their values, and more if that looks cheaper.
      for (let call = 0; call < 7; call += 1) await probe(1 + (call % 2)).execute(connection);
      return (await sql<{ statement: string; generic_plans: string; custom_plans: string }>`select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(connection)).rows.find(
        (row) => row.statement === PROBE,
      );
    });
    // At least 7: the connection may have run it in an earlier test.
    expect(Number(plans?.generic_plans)).toBeGreaterThanOrEqual(7);
    expect(Number(plans?.custom_plans)).toBe(0);
  });

  it('prepares a statement again when its table gains a column, retrying a query outside a transaction', async () => {
    await database.db.kysely.connection().execute(async (connection) => {
      expect((await probe(1).execute(connection)).rows).toEqual([{ id: 1, label: 'one' }]);
      await sql`alter table probe add column note text`.execute(connection);
      // Without a new preparation PostgreSQL refuses: "cached plan must not change result type".
      expect((await probe(1).execute(connection)).rows).toEqual([{ id: 1, label: 'one', note: null }]);

      await sql`alter table probe add column kept boolean`.execute(connection);
      // Inside a transaction the failed statement has failed the transaction: no retry there...
      await expect(connection.transaction().execute((trx) => probe(2).execute(trx))).rejects.toThrow(/cached plan must not change result type/);
      // ...and the next one prepares it afresh.
      expect((await connection.transaction().execute((trx) => probe(2).execute(trx))).rows).toEqual([{ id: 2, label: 'two', note: null, kept: null }]);
    });
  });
});
