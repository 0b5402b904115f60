import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from './bundle.js';
import { sqliteFileIn } from './db/database.js';
import { DHAKA_OFFSET_MS } from './features/statement/dhaka-time.js';
import { createPostgresDatabase, freePort, ServerProcess, signUpWallets, WALLET_PIN } from './test/server-process.js';

/**
 * Issue 11 (memory): image processing, PDF drawing and mail sending cost the server tens of MB
 * each once loaded; they load with the first request that needs them (core/load-on-first-use.ts).
 * A real server process runs with a hook that records every module it resolves, from its
 * TypeScript sources as `npm start` runs it and as the production bundle (decision 0023). The WAL
 * checkpoint worker, a module of its own in both, is checked here too: this file builds the bundle.
 */
const recorder = fileURLToPath(new URL('./test/loaded-modules.mjs', import.meta.url));
const HEAVY = ['node_modules/sharp/', 'node_modules/pdfkit/', 'node_modules/qrcode/', 'node_modules/nodemailer/'];
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
beforeAll(() => bundleServer(), 60_000);

async function serverRun(bundle: boolean, exercise: (base: string, dataDir: string) => Promise<void>): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-modules-'));
  dirs.push(dataDir);
  const loadedFile = path.join(dataDir, 'loaded-modules.txt');
  const server = new ServerProcess({ port: await freePort(), dataDir, bundle, nodeArgs: ['--import', recorder], env: { LOADED_MODULES_FILE: loadedFile } });
  await server.start();
  try {
    await exercise(server.base, dataDir);
  } finally {
    await server.stop();
  }
  return fs.readFileSync(loadedFile, 'utf8').split('\n');
}

const postgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
const postgresUp = await postgresAnswers(postgresUrl);

const heavyIn = (modules: string[]) => HEAVY.filter((heavy) => modules.some((url) => url.includes(heavy)));

async function twoWallets(base: string, dataDir: string) {
  const [alice, bob] = await signUpWallets(base, 2, 'Lazy', dataDir);
  const transfer = await fetch(`${base}/api/v1/transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${alice!.token}`, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ to: bob!.phone, amount: 125, reference: '1', pin: WALLET_PIN }),
  });
  expect(transfer.status).toBe(201);
  return alice!;
}

describe.each([
  { bundle: false, how: 'from its TypeScript sources' },
  { bundle: true, how: 'as the production bundle' },
])('heavy modules load on first use: the server $how', ({ bundle }) => {
  it('none of them is loaded by a server that only starts and answers its health checks', async () => {
    const modules = await serverRun(bundle, async (base) => {
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    });
    // The recorder sees what the server loads: the database driver and the web framework.
    expect(modules.some((url) => url.includes('node_modules/better-sqlite3/'))).toBe(true);
    expect(modules.some((url) => url.includes('node_modules/fastify/'))).toBe(true);
    expect(heavyIn(modules)).toEqual([]);
  });

  it('signing up, moving money and reading the statement load no image or PDF code', async () => {
    const modules = await serverRun(bundle, async (base, dataDir) => {
      const alice = await twoWallets(base, dataDir);
      expect((await fetch(`${base}/api/v1/statement`, { headers: { authorization: `Bearer ${alice.token}` } })).status).toBe(200);
    });
    expect(heavyIn(modules).filter((heavy) => !heavy.includes('nodemailer'))).toEqual([]);
  });

  it('the first PDF loads pdfkit and the QR code maker', async () => {
    const modules = await serverRun(bundle, async (base, dataDir) => {
      const alice = await twoWallets(base, dataDir);
      const dhakaToday = new Date(Date.now() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
      const pdf = await fetch(`${base}/api/v1/statement.pdf?from=${dhakaToday}&to=${dhakaToday}`, { headers: { authorization: `Bearer ${alice.token}` } });
      expect(pdf.status).toBe(200);
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    });
    expect(heavyIn(modules)).toEqual(expect.arrayContaining(['node_modules/pdfkit/', 'node_modules/qrcode/']));
    expect(heavyIn(modules)).not.toContain('node_modules/sharp/');
  });
});

describe('the production bundle', () => {
  it('runs without the TypeScript sources or tsx: one file and its chunks under apps/api/dist', async () => {
    const modules = await serverRun(true, async (base, dataDir) => {
      await twoWallets(base, dataDir);
    });
    expect(modules.some((url) => url.endsWith('/apps/api/dist/server.js'))).toBe(true);
    expect(modules.filter((url) => url.includes('/apps/api/src/') || url.includes('/packages/contracts/src/') || url.includes('node_modules/tsx/'))).toEqual([]);
  });

  // `npm test` has PostgreSQL (the API suite runs on it too); `npm run test:quick` may run without one.
  it.skipIf(!postgresUp)('migrates a new PostgreSQL database with the database functions copied beside it, and moves money with them', async () => {
    const database = await createPostgresDatabase(postgresUrl, `poisha_bundle_${process.pid}`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-bundle-postgres-'));
    dirs.push(dataDir);
    const server = new ServerProcess({ port: await freePort(), dataDir, databaseUrl: database.url, bundle: true });
    try {
      await server.start();
      await twoWallets(server.base, dataDir);
    } finally {
      await server.stop();
      await database.drop();
    }
  });
});

/**
 * How many rows with this id the database file holds by itself, read from a copy without its WAL:
 * a commit reaches the file only through a checkpoint. -1 while the copy has no such table yet (or
 * caught a checkpoint half-written).
 */
function rowsInDatabaseFileAlone(dataDir: string, table: 'users', id: string): number {
  const copy = path.join(dataDir, 'file-alone.sqlite');
  fs.rmSync(`${copy}-wal`, { force: true });
  fs.copyFileSync(sqliteFileIn(dataDir), copy);
  const reader = new SQLite(copy);
  try {
    return (reader.prepare(`select count(*) as n from ${table} where id = ?`).get(id) as { n: number }).n;
  } catch {
    return -1;
  } finally {
    reader.close();
  }
}

describe.each([
  { bundle: false, how: 'from its TypeScript sources' },
  { bundle: true, how: 'as the production bundle' },
])('the WAL checkpoint worker: the server $how (decision 0027)', ({ bundle }) => {
  it('starts its worker thread, which copies a commit into the database file within moments', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-checkpoint-worker-'));
    dirs.push(dataDir);
    const logFile = path.join(dataDir, 'server.log');
    const server = new ServerProcess({ port: await freePort(), dataDir, bundle, logFile });
    await server.start();
    try {
      // Far below the 4,000 frames the server's own connection waits for: only the worker copies it.
      const [wallet] = await signUpWallets(server.base, 1, 'Checkpointed', dataDir);
      await expect.poll(() => rowsInDatabaseFileAlone(dataDir, 'users', wallet!.userId), { timeout: 10_000, interval: 100 }).toBe(1);
    } finally {
      await server.stop();
    }
    expect(fs.readFileSync(logFile, 'utf8')).not.toContain('WAL checkpoint failed');
  });
});
