/**
 * Transfers per second through the real HTTP API with concurrent clients, and their latency.
 *
 *   npm run bench:transfers -- --db sqlite --clients 50 --seconds 20
 *   npm run bench:transfers -- --db postgres            (uses $DATABASE_URL's server, database poisha_bench)
 *
 * It starts the server as its own process on a free port with a fresh database, signs up the
 * users, runs the clients for the given time, then checks that no money was made or lost.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    users: { type: 'string', default: '100' },
    port: { type: 'string', default: '3950' },
  },
});
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const userCount = Number(values.users);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

async function freshPostgresUrl(): Promise<string> {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('drop database if exists poisha_bench with (force)');
  await admin.query('create database poisha_bench');
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = '/poisha_bench';
  return url.toString();
}

async function waitForHealth(): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-bench-'));
  const databaseUrl = values.db === 'postgres' ? await freshPostgresUrl() : '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'info', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth();
    const users: Array<{ token: string; phone: string }> = [];
    for (let index = 0; index < userCount; index += 1) {
      const phone = `+88017${String(index).padStart(8, '0')}`;
      const response = await fetch(`${base}/api/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Bench ${index}`, email: `bench${index}@example.com`, password: 'bench password', phone }),
      });
      const body = (await response.json()) as { token: string };
      users.push({ token: body.token, phone });
    }

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const deadline = Date.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (Date.now() < deadline) {
          const from = users[Math.floor(Math.random() * users.length)]!;
          let to = users[Math.floor(Math.random() * users.length)]!;
          while (to === from) to = users[Math.floor(Math.random() * users.length)]!;
          const sentAt = performance.now();
          const response = await fetch(`${base}/api/v1/transfers`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${from.token}`, 'idempotency-key': crypto.randomUUID() },
            body: JSON.stringify({ to: to.phone, amount: 1 + Math.floor(Math.random() * 500), reference: '1' }),
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - sentAt);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    const elapsedSeconds = (performance.now() - started) / 1000;

    let total = 0;
    for (const user of users) {
      const me = (await (await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${user.token}` } })).json()) as { balance: { amount: number } };
      total += me.balance.amount;
    }
    latencies.sort((a, b) => a - b);
    const created = statuses.get(201) ?? 0;
    console.warn(
      JSON.stringify(
        {
          database: values.db,
          clients,
          seconds: Math.round(elapsedSeconds * 10) / 10,
          requests: latencies.length,
          statuses: Object.fromEntries(statuses),
          transfersPerSecond: Math.round(created / elapsedSeconds),
          latencyMs: { p50: Math.round(percentile(latencies, 50)), p95: Math.round(percentile(latencies, 95)), p99: Math.round(percentile(latencies, 99)), max: Math.round(latencies.at(-1) ?? 0) },
          moneyConserved: total === userCount * 100_000,
        },
        null,
        2,
      ),
    );
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
