import type { Compilable, CompiledQuery } from 'kysely';
import type { Queryable } from './schema.js';

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each of the compiled query's parameters, the call's parameter it takes, or -1 for a constant. */
  slots: number[];
}

/**
 * A query whose shape never changes, built and compiled by Kysely once per dialect; each call only
 * puts its own values into the compiled SQL. For the queries every API request runs (its session),
 * where building and compiling the query cost as much as the database answering it (issue 11's
 * profiles of `GET /me`).
 *
 * `build` must give every value that changes between calls as one of its parameters and may not
 * branch on them: it is called once, with stand-ins (objects only this module knows), and the
 * compiled query's parameters that are stand-ins are replaced on each call.
 */
export function compiledOnce<Params extends unknown[], Row>(build: (db: Queryable, ...params: Params) => Compilable<Row>): (db: Queryable, ...params: Params) => Promise<Row[]> {
  // Per dialect adapter: SQLite and PostgreSQL write different SQL (placeholders, casts). A
  // transaction shares its database's adapter.
  const byAdapter = new WeakMap<object, Compiled<Row>>();

  const compile = (db: Queryable, paramCount: number): Compiled<Row> => {
    const standIns = Array.from({ length: paramCount }, () => Object.freeze({}));
    const query = build(db, ...(standIns as Params)).compile();
    const slots = query.parameters.map((value) => standIns.indexOf(value as object));
    const unused = standIns.findIndex((standIn) => !query.parameters.includes(standIn));
    if (unused !== -1) throw new Error(`compiledOnce: parameter ${unused} does not reach the query as a value`);
    return { query, slots };
  };

  return async (db, ...params) => {
    const adapter = db.getExecutor().adapter;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      compiled = compile(db, params.length);
      byAdapter.set(adapter, compiled);
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((constant, index) => (slots[index] === -1 ? constant : params[slots[index]!]));
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
