import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, freePort, postgresServerUrl, signUpWallets, sleep, WALLET_PIN } from './test/server-process.js';

const serverFile = fileURLToPath(new URL('./server.ts', import.meta.url));
const started: ChildProcess[] = [];
const dirs: string[] = [];

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, output: () => output, exited };
}

/** Waits for the server's health check; on failure says what the server printed. */
async function waitForHealth(port: number, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start; it printed:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-proc-'));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const child of started) child.kill('SIGTERM');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Polls `url` until it answers `status`. */
async function waitForStatus(url: string, status: number, timeoutMs = 20_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.status === status) return response;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** Kysely's migrator takes this PostgreSQL advisory lock while it migrates (kysely/dist/esm/dialect/postgres/postgres-adapter.js). */
const KYSELY_MIGRATION_LOCK_ID = '3853314791062309107';

describe('the server process', () => {
  it('runs as two copies with their own PORT and DATA_DIR without disturbing each other', async () => {
    // Ports the system gives out as free. A random one in 41,000-49,000 lies in Linux's ephemeral
    // range (32,768-60,999), where the suite's own connections take ports: in one CI run of
    // 2026-11-27 a copy never answered within 20 s, and what it printed was not kept (now it is).
    const portA = await freePort();
    let portB = await freePort();
    while (portB === portA) portB = await freePort();
    const [dirA, dirB] = [tempDir(), tempDir()];
    const [copyA, copyB] = [startServer({ PORT: String(portA), DATA_DIR: dirA }), startServer({ PORT: String(portB), DATA_DIR: dirB })];
    await Promise.all([waitForHealth(portA, copyA.output), waitForHealth(portB, copyB.output)]);

    const signup = await fetch(`http://127.0.0.1:${portA}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Copy A', email: 'copy@example.com', password: 'long enough tea garden', phone: '01712345600' }),
    });
    expect(signup.status).toBe(201);
    const loginOnB = await fetch(`http://127.0.0.1:${portB}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'copy@example.com', password: 'long enough tea garden' }),
    });
    expect(loginOnB.status).toBe(401);
    expect(fs.existsSync(path.join(dirA, 'poisha.sqlite'))).toBe(true);
    expect(fs.existsSync(path.join(dirB, 'poisha.sqlite'))).toBe(true);
  });

  it('refuses to start on a bad setting and says which one', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: tempDir() });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid environment settings');
    expect(server.output()).toContain('PORT');
  });

  it('finishes a transfer in flight at SIGTERM, answers it 201, keeps it in the ledger, closes the database and exits 0', async () => {
    const port = await freePort();
    const dataDir = tempDir();
    const base = `http://127.0.0.1:${port}`;
    // Every POST waits 1.5 s before its handler (a test-only setting refused outside NODE_ENV=test).
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', EMAIL_VERIFICATION: 'off', SIGNUP_RATE_LIMIT: '0', TEST_REQUEST_DELAY_MS: '1500' });
    await waitForHealth(port, server.output);
    const [sender, receiver] = await signUpWallets(base, 2, 'Shutdown', dataDir);

    const transfer = fetch(`${base}/api/v1/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sender!.token}`, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ to: receiver!.phone, amount: 1234, reference: '4242', pin: WALLET_PIN }),
    });
    await sleep(400);
    server.child.kill('SIGTERM');
    await sleep(200);
    // No new connection is accepted meanwhile.
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();

    const answer = await transfer;
    expect(answer.status).toBe(201);
    const body = (await answer.json()) as { id: string; amount: { amount: number } };
    expect(body.amount.amount).toBe(1234);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down: finishing the requests in flight');
    expect(server.output()).toContain('shut down cleanly');

    // The database was closed cleanly (WAL checkpointed) and holds the transfer with both postings.
    const file = new SQLite(path.join(dataDir, 'poisha.sqlite'), { readonly: true });
    try {
      expect(file.prepare('select amount, reference from transfers where id = ?').get(body.id)).toEqual({ amount: 1234, reference: '4242' });
      const postings = file.prepare('select amount from postings where transfer_id = ? order by amount').all(body.id);
      expect(postings).toEqual([{ amount: -1234 }, { amount: 1234 }]);
    } finally {
      file.close();
    }
  });

  it('answers live but not ready while the migrations run, and everything else 503 (PostgreSQL)', async () => {
    const database = await createPostgresDatabase(postgresServerUrl(), `poisha_ready_${process.pid}_${Date.now() % 100_000}`);
    // Holding the migrator's lock keeps the server migrating until it is released.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query(`select pg_advisory_lock(${KYSELY_MIGRATION_LOCK_ID})`);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = startServer({ PORT: String(port), DATA_DIR: tempDir(), DATABASE_URL: database.url, NODE_ENV: 'test' });

      await waitForStatus(`${base}/api/health/live`, 200);
      const ready = await fetch(`${base}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ error: { code: 'unavailable', message: expect.stringContaining('migrations are running') } });
      expect((await fetch(`${base}/api/health`)).status).toBe(503);
      expect((await fetch(`${base}/api/v1/banks`)).status).toBe(503);

      await holder.query(`select pg_advisory_unlock(${KYSELY_MIGRATION_LOCK_ID})`);
      await waitForStatus(`${base}/api/health/ready`, 200);
      expect((await fetch(`${base}/api/v1/banks`)).status).toBe(200);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await holder.end();
      await database.drop();
    }
  });
});
