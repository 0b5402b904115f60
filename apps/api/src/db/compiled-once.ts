import type { Compilable, CompiledQuery } from 'kysely';
import type { Queryable } from './schema.js';

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each of the compiled query's parameters, the name of the call's value it takes, or undefined for a constant. */
  names: (string | undefined)[];
}

/** A statement's values by name: `{ accountId, amount }`. */
type NamedValues = object;

/**
 * A query whose shape never changes, built and compiled by Kysely once per dialect; each call only
 * puts its own values into the compiled SQL. For the queries every API request runs (its session,
 * a transfer's statements), where building and compiling the query cost as much as the database
 * answering it (issue 11's profiles of `GET /me`).
 *
 * The statement declares its values by name, as the type of `build`'s second parameter, and every
 * call passes them by name:
 *
 *     const debit = compiledOnce((db: Queryable, { accountId, amount }: { accountId: string; amount: number }) => …);
 *     await debit(trx, { accountId, amount });
 *
 * so two values of one type cannot be swapped without the names showing it, and a missing or
 * misspelt name does not compile.
 *
 * `build` must take every value that changes between calls from its named values and may not
 * branch on them: it is called once, with stand-ins (objects only this module knows) under the
 * names it reads, and the compiled query's parameters that are stand-ins are replaced on each call.
 * Which name fills which of the SQL's positions is worked out then, once per dialect; a call only
 * builds the array of its values in that order.
 */
export function compiledOnce<Row>(build: (db: Queryable) => Compilable<Row>): (db: Queryable) => Promise<Row[]>;
export function compiledOnce<Values extends NamedValues, Row>(
  build: (db: Queryable, values: Values) => Compilable<Row>,
): (db: Queryable, values: Values) => Promise<Row[]>;
export function compiledOnce<Values extends NamedValues, Row>(
  build: (db: Queryable, values: Values) => Compilable<Row>,
): (db: Queryable, values?: Values) => Promise<Row[]> {
  // Per dialect adapter: SQLite and PostgreSQL write different SQL (placeholders, casts). A
  // transaction shares its database's adapter.
  const byAdapter = new WeakMap<object, Compiled<Row>>();
  const noValues = Object.freeze({}) as Values;

  return async (db, values = noValues) => {
    const adapter = db.getExecutor().adapter;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      compiled = compileNamed(db, build);
      byAdapter.set(adapter, compiled);
    }
    const { query, names } = compiled;
    const byName = values as Record<string, unknown>;
    const parameters = query.parameters.map((constant, index) => {
      const name = names[index];
      return name === undefined ? constant : byName[name];
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}

/**
 * Builds and compiles the query once with a stand-in under each name `build` reads, and maps the
 * compiled parameters back to those names. Exported for its unit test.
 */
export function compileNamed<Values extends NamedValues, Row>(db: Queryable, build: (db: Queryable, values: Values) => Compilable<Row>): Compiled<Row> {
  const standIns = new Map<string, object>();
  const values = new Proxy(
    {},
    {
      get: (_target, name) => {
        if (typeof name !== 'string') return undefined;
        let standIn = standIns.get(name);
        if (!standIn) {
          standIn = Object.freeze({});
          standIns.set(name, standIn);
        }
        return standIn;
      },
    },
  ) as Values;
  const query = build(db, values).compile();
  const nameOf = new Map([...standIns].map(([name, standIn]) => [standIn, name]));
  const names = query.parameters.map((value) => nameOf.get(value as object));
  for (const [name, standIn] of standIns) {
    if (!query.parameters.includes(standIn)) throw new Error(`compiledOnce: the value ${name} does not reach the query as a value`);
  }
  return { query, names };
}
