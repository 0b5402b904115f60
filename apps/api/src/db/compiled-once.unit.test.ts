import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce, compileNamed } from './compiled-once.js';
import type { Database, Queryable } from './schema.js';

/** A Kysely on either dialect whose driver answers no rows and keeps every query it was sent. */
function recordingDatabase(dialect: 'sqlite' | 'postgres') {
  const sent: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: (query) => {
      sent.push(query);
      return Promise.resolve({ rows: [] });
    },
    // eslint-disable-next-line require-yield -- never streamed
    streamQuery: async function* () {
      throw new Error('not streamed');
    },
  };
  const driver: Driver = {
    init: () => Promise.resolve(),
    acquireConnection: () => Promise.resolve(connection),
    beginTransaction: () => Promise.resolve(),
    commitTransaction: () => Promise.resolve(),
    rollbackTransaction: () => Promise.resolve(),
    releaseConnection: () => Promise.resolve(),
    destroy: () => Promise.resolve(),
  };
  const dialects: Record<typeof dialect, Dialect> = {
    sqlite: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    postgres: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  };
  return { db: new Kysely<Database>({ dialect: dialects[dialect] }), sent };
}

/** A debit's shape: one name used twice, one constant between the named values. */
const debitQuery = (db: Queryable, { accountId, amount }: { accountId: string; amount: number }) =>
  db
    .updateTable('accounts')
    .set({ balance: sql<number>`balance - ${amount}` })
    .where('id', '=', accountId)
    .where('kind', '=', 'wallet')
    .where('balance', '>=', amount)
    .returning('balance');

describe('statements compiled once, with named values', () => {
  it('maps each of the SQL parameters to the name it takes, once, constants left in place', () => {
    const { db } = recordingDatabase('sqlite');
    const { query, names } = compileNamed(db, debitQuery);
    expect(names).toEqual(['amount', 'accountId', undefined, 'amount']);
    expect(query.parameters[2]).toBe('wallet');
  });

  for (const dialect of ['sqlite', 'postgres'] as const) {
    it(`puts each call's values into their positions, whatever their order in the call (${dialect})`, async () => {
      const { db, sent } = recordingDatabase(dialect);
      const debit = compiledOnce(debitQuery);
      await debit(db, { accountId: 'wallet-a', amount: 500 });
      await debit(db, { amount: 7, accountId: 'wallet' });
      await db.transaction().execute((trx) => debit(trx, { accountId: 'wallet-c', amount: 1 }));
      expect(sent.map((query) => query.parameters)).toEqual([
        [500, 'wallet-a', 'wallet', 500],
        // A value equal to the query's own constant is still the call's.
        [7, 'wallet', 'wallet', 7],
        [1, 'wallet-c', 'wallet', 1],
      ]);
      expect(new Set(sent.map((query) => query.sql)).size).toBe(1);
      expect(sent[0]!.sql).toContain(dialect === 'postgres' ? '$4' : '?');
    });
  }

  it('builds the query once per dialect, not per call', async () => {
    let builds = 0;
    const counted = compiledOnce((db: Queryable, values: { accountId: string; amount: number }) => {
      builds += 1;
      return debitQuery(db, values);
    });
    const sqlite = recordingDatabase('sqlite');
    const postgres = recordingDatabase('postgres');
    for (let call = 0; call < 3; call += 1) {
      await counted(sqlite.db, { accountId: 'a', amount: call + 1 });
      await counted(postgres.db, { accountId: 'a', amount: call + 1 });
    }
    expect(builds).toBe(2);
    expect(postgres.sent.at(-1)!.parameters).toEqual([3, 'a', 'wallet', 3]);
  });

  it('runs a statement without values', async () => {
    const { db, sent } = recordingDatabase('postgres');
    const claim = compiledOnce((db: Queryable) => db.updateTable('journal_chain_head').set({ seq: sql<number>`seq + 1` }).where('id', '=', 1).returning('seq'));
    await claim(db);
    expect(sent[0]!.parameters).toEqual([1]);
  });

  it('refuses a statement that reads a value without putting it into the query as a value', async () => {
    const { db } = recordingDatabase('sqlite');
    const careless = compiledOnce((db: Queryable, { id }: { id: number }) =>
      db.selectFrom('accounts').select('balance').where('id', '=', typeof id === 'number' ? String(id) : 'first'),
    );
    await expect(careless(db, { id: 2 })).rejects.toThrow(/the value id does not reach the query/);
  });

  it('does not compile a call with a missing, misspelt, extra or mistyped name (checked by tsc)', () => {
    const { db } = recordingDatabase('sqlite');
    const debit = compiledOnce(debitQuery);
    // Never run: the lines below exist for the type checker, which fails the build if any of them compiles.
    const misuses = () => [
      // @ts-expect-error: amount is missing
      debit(db, { accountId: 'a' }),
      // @ts-expect-error: accountID is not accountId
      debit(db, { accountID: 'a', amount: 1 }),
      // @ts-expect-error: a name the statement does not declare
      debit(db, { accountId: 'a', amount: 1, currency: 'BDT' }),
      // @ts-expect-error: the values swapped
      debit(db, { accountId: 1, amount: 'a' }),
      // @ts-expect-error: positional values are gone
      debit(db, 'a', 1),
    ];
    expect(typeof misuses).toBe('function');
  });
});
