import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Kysely hands `pg` every query unnamed, so PostgreSQL parses and plans it again on every call: in
 * issue 11's benchmark planning alone was a fifth of the database's CPU time (pg_stat_statements).
 * This pool names each distinct parameterised statement, so `pg` prepares it once per connection
 * and afterwards only binds and executes it (decision 0024). Statements without parameters
 * (BEGIN, COMMIT, SAVEPOINT) and cursors go through unchanged. At most `maxStatements` texts are
 * named per process; past that they go out unnamed, so an unexpected variety of texts (long IN
 * lists) cannot grow every connection's set of prepared statements without bound.
 *
 * A prepared `select *` fails once its table gains a column ("cached plan must not change result
 * type": a migration run by a newer instance). The text is then prepared again under a new name,
 * and a query outside a transaction is retried at once; inside one, the transaction has failed and
 * the next one prepares afresh.
 */
export function preparingPool(pool: pg.Pool, { maxStatements = 500 } = {}): PostgresPool {
  const names = new Map<string, string>();
  // Never reused: a connection keeps every name it has prepared, each for one text only.
  let serial = 0;
  const nameFor = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < maxStatements) {
      serial += 1;
      name = `poisha_${serial}`;
      names.set(text, name);
    }
    return name;
  };
  const renew = (text: string) => names.delete(text);

  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let inTransaction = false;
    const execute = async (text: string, values: unknown[]) => {
      const name = nameFor(text);
      if (name === undefined) return client.query(text, values);
      try {
        return await client.query({ name, text, values });
      } catch (error) {
        if (!resultTypeChanged(error)) throw error;
        renew(text);
        if (inTransaction) throw error;
        return client.query({ name: nameFor(text), text, values });
      }
    };
    return {
      query: ((query: unknown, parameters?: readonly unknown[]): unknown => {
        if (typeof query !== 'string' || !parameters || parameters.length === 0) {
          if (typeof query === 'string') inTransaction = transactionStateAfter(query, inTransaction);
          return client.query(query as never, parameters as never);
        }
        return execute(query, [...parameters]);
      }) as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  };

  // Kysely keeps one connection object per client it is handed: hand it the same wrapper each time.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

const resultTypeChanged = (error: unknown) =>
  error instanceof Error && (error as { code?: string }).code === '0A000' && error.message.includes('cached plan must not change result type');

/** Kysely's transaction statements: begin, commit, rollback (savepoints do not end a transaction). */
function transactionStateAfter(statement: string, inTransaction: boolean): boolean {
  const text = statement.trim().toLowerCase();
  if (text.startsWith('begin') || text.startsWith('start transaction')) return true;
  if (text === 'commit' || text === 'rollback' || text.startsWith('commit ') || text.startsWith('end')) return false;
  return inTransaction;
}
