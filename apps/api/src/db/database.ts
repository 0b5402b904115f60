import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { entryHashV2 } from './journal-encoding-v2.js';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type LogEvent, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { retryOnConflict } from './conflict-retry.js';
import { GroupCommit, type GroupCommitOptions, type MovementWork } from './group-commit.js';
import { preparingPool } from './prepared-statements.js';
import { assertNodeRunsSqlite } from './sqlite-runtime.js';
import { SERVER_CHECKPOINT_FRAMES, WalCheckpointer } from './wal-checkpointer.js';
import type { Database } from './schema.js';
import { safeInteger } from './values.js';
import { WalSync, type SyncFile } from './wal-sync.js';

export type Dialect = 'sqlite' | 'postgres';

/**
 * Runs a money movement in a transaction and answers only once it is committed: on SQLite inside a
 * group-committed batch (its own savepoint), on PostgreSQL in a transaction of its own.
 */
export type MovementTransaction = <T>(work: MovementWork<T>) => Promise<T>;

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  movementTransaction: MovementTransaction;
  /** The PostgreSQL schema the connections work in, when it is not the default one. */
  pgSchema?: string;
  /** The PostgreSQL connection pool (its sizes are exported as metrics). */
  pool?: pg.Pool;
  /** Calls `listener` with the duration of every query from now on; answers the function that stops it. */
  observeQueries(listener: QueryListener): () => void;
  close(): Promise<void>;
}

export type QueryListener = (durationMs: number, failed: boolean) => void;

export interface DbOptions {
  /** `postgres://…` for PostgreSQL; unset for a SQLite file in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  pgSchema?: string;
  pgPoolSize?: number;
  /** Called with the SQL of every query (tests count queries with it). */
  onQuery?: (sql: string) => void;
  /** SQLite group commit settings (tests look between a batch and its commit). */
  groupCommit?: GroupCommitOptions;
  /** How SQLite's WAL is made durable (tests hold or fail the sync); fdatasync otherwise. */
  syncFile?: SyncFile;
}

/** Prepared statements kept per SQL text; the hot path runs the same few dozen statements. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite connection as Kysely sees it, with its prepared statements cached: Kysely prepares
 * every query again otherwise, and preparing costs more than running a point query. Kysely asks
 * for the statement each time it runs one, so this is also where a write is noticed (`onWrite`).
 */
function withStatementCache(file: SQLite.Database, onWrite: () => void): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = file.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(text, statement);
      }
      if (!statement.readonly) onWrite();
      return statement;
    },
    close() {
      statements.clear();
      file.close();
    },
  };
}

/** What the SQLite driver needs to know to make writes durable (decision 0019). */
interface Durability {
  /** Whether anything was written since the last call (and forget it). */
  takeUnsyncedWrite(): boolean;
  /** Resolves once everything committed so far is on disk. */
  sync(): Promise<void>;
}

/**
 * Kysely's SQLite driver, made durable (decision 0019): a holder of the connection that wrote
 * hands the connection on at once and then waits for the WAL's sync. A query or
 * `transaction().execute()` therefore resolves only once its writes are on disk, while the next
 * holder already runs. (A controlled transaction's commit does not wait for the release, so group
 * commit waits for the sync itself.)
 */
class DurableSqliteDialect extends SqliteDialect {
  constructor(
    private readonly database: SqliteDatabase,
    private readonly durability: Durability,
  ) {
    super({ database });
  }

  override createDriver(): Driver {
    const { durability } = this;
    return new (class extends SqliteDriver {
      // Write lock first: another process on the file (`npm run ops`, a backup) that commits
      // after this transaction's first read would otherwise make its first write fail at once
      // (SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out); now that process waits instead.
      // In the server it costs nothing: its one connection runs one transaction at a time.
      override async beginTransaction(connection: DatabaseConnection): Promise<void> {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      }

      override async releaseConnection(): Promise<void> {
        const wrote = durability.takeUnsyncedWrite();
        await super.releaseConnection();
        if (wrote) await durability.sync();
      }
    })({ database: this.database });
  }
}

/**
 * A plain transaction per movement (PostgreSQL): concurrency comes from the connection pool. A
 * deadlock or serialisation failure runs the movement again (decision 0032).
 */
function transactionPerMovement(kysely: Kysely<Database>): MovementTransaction {
  return (work) =>
    retryOnConflict(async () => {
      const trx = await kysely.startTransaction().execute();
      try {
        const result = await work(trx);
        await trx.commit().execute();
        return result;
      } catch (error) {
        await trx.rollback().execute();
        throw error;
      }
    });
}

const PG_INT8 = 20;
const PG_TIMESTAMPTZ = 1184;

/**
 * Money is a JavaScript number of minor units. 64-bit integers outside the safe range would lose
 * cents silently, so reading one is treated as corruption rather than rounded.
 */
export const parseSafeInteger = (text: string): number => safeInteger(text, 'int8 column');

function pgTypeParser(oid: number, format?: string): (text: string) => unknown {
  if (oid === PG_INT8) return parseSafeInteger;
  if (oid === PG_TIMESTAMPTZ) return (text: string) => new Date(text).toISOString();
  return pg.types.getTypeParser(oid, format as 'text');
}

/** The SQLite database file in a data folder. */
export const sqliteFileIn = (dataDir: string) => path.join(dataDir, 'poisha.sqlite');

/** Kysely's log hook, always on: it times every query for whoever observes (metrics), and tests count queries. */
function queryLog({ onQuery }: DbOptions) {
  const listeners = new Set<QueryListener>();
  const log = (event: LogEvent) => {
    onQuery?.(event.query.sql);
    for (const listener of listeners) listener(event.queryDurationMillis, event.level === 'error');
  };
  const observeQueries = (listener: QueryListener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return { log, observeQueries };
}

/**
 * Every prepared statement runs on its generic plan, planned once per connection (decision 0029):
 * PostgreSQL's default planned the statement page's six-table join again on every call (1.2 ms of
 * planning for 0.3 ms of execution), and its plan for page 200 took 86 ms where the generic one
 * takes 1.7 ms.
 */
const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.pgPoolSize ?? 10,
      types: { getTypeParser: pgTypeParser } as pg.CustomTypesConfig,
      options: [GENERIC_PLANS, ...(options.pgSchema ? [`-c search_path=${options.pgSchema}`] : [])].join(' '),
      // Names the connections in pg_stat_activity (per schema in tests, so one file can cut its own).
      application_name: options.pgSchema ? `poisha ${options.pgSchema}` : 'poisha',
    });
    // An idle connection the server ends (a restart, pg_terminate_backend) is an 'error' event on the
    // pool, which drops the connection; with no listener at all Node would end the process. The app
    // adds one that logs it (app.ts).
    pool.on('error', () => {});
    // A connection in use (a transaction's, between two of its queries) that the server ends emits
    // 'error' on the connection itself: the query then running, or the next, fails with it (the
    // request answers 503). Without a listener Node would end the process here too.
    pool.on('connect', (client) => client.on('error', () => {}));
    const { log, observeQueries } = queryLog(options);
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }), log });
    return {
      kysely,
      dialect: 'postgres',
      movementTransaction: transactionPerMovement(kysely),
      ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}),
      pool,
      observeQueries,
      close: () => kysely.destroy(),
    };
  }

  fs.mkdirSync(options.dataDir, { recursive: true });
  const fileName = sqliteFileIn(options.dataDir);
  assertNodeRunsSqlite();
  const file = new SQLite(fileName);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // Every movement runs in a savepoint of its batch, and SQLite saves each page a savepoint changes
  // in a sub-journal. Past 64 KiB that went to a temporary file: 12,000 writes in 2 s of the bench.
  file.pragma('temp_store = MEMORY');
  // A commit appends to the WAL without syncing; WalSync syncs it off the event loop and nobody
  // is answered before that: the same bytes on disk as FULL, without the blocked loop (decision 0019).
  file.pragma('synchronous = NORMAL');
  // The WAL is copied into the database file by a worker thread, not inside this thread's commits.
  file.pragma(`wal_autocheckpoint = ${SERVER_CHECKPOINT_FRAMES}`);
  // A wallet's entry hash is computed by its balance update, as PostgreSQL's move_money does (decision 0048).
  file.function('journal_entry_hash_v2', { deterministic: true }, (contentHash, accountId, amount, balanceAfter, place, previousHash) =>
    entryHashV2({
      contentHash: String(contentHash),
      accountId: String(accountId),
      amount: Number(amount),
      balanceAfter: Number(balanceAfter),
      place: Number(place),
      previousHash: previousHash === null ? null : String(previousHash),
    }),
  );
  const checkpointer = new WalCheckpointer(fileName, (message) => console.error(`WAL checkpoint failed: ${message}`));
  const walSync = new WalSync(`${fileName}-wal`, options.syncFile);
  let unsyncedWrite = false;
  const durability: Durability = {
    takeUnsyncedWrite() {
      const wrote = unsyncedWrite;
      unsyncedWrite = false;
      return wrote;
    },
    sync: () => walSync.sync(),
  };
  const database = withStatementCache(file, () => {
    unsyncedWrite = true;
  });
  const { log, observeQueries } = queryLog(options);
  const kysely = new Kysely<Database>({ dialect: new DurableSqliteDialect(database, durability), log });
  const groupCommit = new GroupCommit(kysely, durability.sync, options.groupCommit);
  return {
    kysely,
    dialect: 'sqlite',
    movementTransaction: (work) => groupCommit.run(work),
    observeQueries,
    close: async () => {
      await checkpointer.stop();
      await kysely.destroy();
    },
  };
}
