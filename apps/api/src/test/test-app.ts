import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config/env.js';
import { openDatabase, type Db } from '../db/database.js';
import type { GroupCommitOptions } from '../db/group-commit.js';
import type { SyncFile } from '../db/wal-sync.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Readiness } from '../features/health/readiness.js';
import { seedReferenceData } from '../seed/reference-data.js';
import { checkAnswersAgainstDocument } from './openapi-responses.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import type { SmsGateway } from '../sms/sms-gateway.js';
import { MemorySms } from './sms.js';

/** Which database this run of the integration suite uses: vitest.config.ts sets it per project. */
export const testDatabase = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestClock {
  (): number;
  advance(ms: number): void;
}

/**
 * Whether a code or PIN made of digits stands in the logs as a number of its own (not inside
 * another number, nor after a decimal point). A plain substring check finds it by chance inside
 * other numbers: a request's responseTime, 1.4395170000002508 ms, once held a PIN's 39517.
 */
export const digitsLogged = (logs: string, digits: string): boolean => new RegExp(`(?<![0-9.])${digits}(?![0-9])`).test(logs);

export function createTestClock(start = Date.parse('2026-11-21T09:00:00Z')): TestClock {
  let now = start;
  const clock = (() => now) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

/** Keeps sent mail in memory; `waitFor` polls because reset mail is sent after the answer. */
export class MemoryMailer implements Mailer {
  readonly outboxDir = null;
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
  async waitFor(to: string, timeoutMs = 3000): Promise<MailMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.sent.findLast((message) => message.to === to);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: TestClock;
  mailer: Mailer;
  logs: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** 'from-config' builds the mailer the server would (SMTP_URL or the .eml outbox). */
  mailer?: Mailer | 'from-config';
  /** 'from-config' builds the gateway the server would (SMS_GATEWAY_URL or the DATA_DIR/sms outbox). */
  sms?: SmsGateway | 'from-config';
  env?: Record<string, string>;
  onQuery?: (sql: string) => void;
  /** SQLite group commit settings (a test looks between a batch and its commit). */
  groupCommit?: GroupCommitOptions;
  /** How SQLite's WAL is synced (a test holds or fails the sync). */
  syncFile?: SyncFile;
}

type TestDatabaseOptions = Pick<TestAppOptions, 'onQuery' | 'groupCommit' | 'syncFile'>;

/** The advisory lock that keeps schema drops away from running migrations (holdingSchemaCatalog). */
const SCHEMA_CATALOG_LOCK = 0x706f6973;

/**
 * Runs `work` holding the schema catalog lock of the PostgreSQL server at `url`: shared while
 * migrating, exclusive while dropping a schema. Kysely's migrator reads the columns of every schema
 * on the server (`pg_get_serial_sequence` by name), so a schema another test file drops at that
 * moment fails the migration ("relation test_….accounts does not exist"); migrations still run
 * side by side. The lock goes with the session.
 */
export async function holdingSchemaCatalog<T>(url: string, mode: 'shared' | 'exclusive', work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(mode === 'shared' ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)', [SCHEMA_CATALOG_LOCK]);
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  db: Db;
  dataDir: string;
  /** Migrates to the newest schema, or up to and including `upTo` (see migrateToLatest). */
  migrate(upTo?: string): Promise<string[]>;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database: a SQLite file in a temporary folder, or a PostgreSQL schema of its own
 * (so files can run in parallel on one server). Not migrated yet.
 */
export async function createTestDatabase({ onQuery, groupCommit, syncFile }: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-test-'));
  let db: Db;
  let dropSchema = async () => {};
  let migrate = (upTo?: string) => migrateToLatest(db, upTo);
  if (testDatabase === 'postgres') {
    const url = process.env.TEST_POSTGRES_URL;
    if (!url) throw new Error('TEST_POSTGRES_URL is not set');
    const schema = `test_${crypto.randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    db = openDatabase({ databaseUrl: url, dataDir, pgSchema: schema, pgPoolSize: 20, onQuery });
    migrate = (upTo?: string) => holdingSchemaCatalog(url, 'shared', () => migrateToLatest(db, upTo));
    dropSchema = async () => {
      await holdingSchemaCatalog(url, 'exclusive', (client) => client.query(`drop schema if exists ${schema} cascade`));
    };
  } else {
    db = openDatabase({ dataDir, onQuery, ...(groupCommit ? { groupCommit } : {}), ...(syncFile ? { syncFile } : {}) });
  }
  return {
    db,
    dataDir,
    migrate: (upTo) => migrate(upTo),
    async drop() {
      try {
        await db.close();
      } finally {
        await dropSchema();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** An app on a database of the caller's choosing (one that is away, say), its logs dropped. */
export async function appOn(db: Db, readiness?: Readiness): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-app-on-')) });
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const app = await buildApp({ config, db, ...(readiness ? { readiness } : {}), mailer: new MemoryMailer(), logStream: silent });
  await app.ready();
  return app;
}

/** A PostgreSQL pool pointing at a port nobody listens on: a database that is unreachable. */
export const unreachablePostgres = (port: number): Db => openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/poisha`, dataDir: os.tmpdir() });

/**
 * A fresh, migrated database for one test file: a SQLite file in a temporary folder, or a
 * PostgreSQL schema of its own (so files can run in parallel on one server).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(options);
  try {
    // Sign-up limits and e-mail verification have tests of their own (signup-verification.api.test.ts);
    // elsewhere a test signs up many users from one address and moves their welcome bonus at once.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir, LOG_LEVEL: 'info', SIGNUP_RATE_LIMIT: '0', EMAIL_VERIFICATION: 'off', JOURNAL_SEAL_INTERVAL_SECONDS: '0', ...options.env });
    return await startTestApp(config, database, options);
  } catch (error) {
    // A file whose set-up fails must not leave its database (or its PostgreSQL schema) behind.
    await database.drop();
    throw error;
  }
}

async function startTestApp(config: Config, { db, migrate, drop }: TestDatabase, options: TestAppOptions): Promise<TestApp> {
  await migrate();
  await seedReferenceData(db);

  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const clock = createTestClock();
  const givenMailer = options.mailer === 'from-config' ? undefined : (options.mailer ?? new MemoryMailer());
  const givenSms = options.sms === 'from-config' ? undefined : (options.sms ?? new MemorySms());
  const app = await buildApp({ config, db, clock, mailer: givenMailer, sms: givenSms, logStream });
  await app.ready();
  // Every answer a test gets is checked against the OpenAPI document (issue 24, defect 20).
  await checkAnswersAgainstDocument(app);
  const mailer = app.services.mailer;

  return {
    app,
    db,
    config,
    clock,
    mailer,
    logs,
    async close() {
      try {
        await app.close();
      } finally {
        await drop();
      }
    },
  };
}
