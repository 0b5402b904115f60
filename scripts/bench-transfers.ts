/**
 * Transfers per second through the real HTTP API with concurrent clients, and their latency.
 *
 *   npm run bench:transfers -- --db sqlite --clients 50 --seconds 20
 *   npm run bench:transfers -- --db postgres            (uses $DATABASE_URL's server, database poisha_bench)
 *
 * It starts the server as its own process on the given port with a fresh database (dropped
 * after), signs up the users, runs the clients for the given time, then checks that no money was
 * made or lost.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { WELCOME_BONUS_CENTS } from '@poisha/contracts';
import { createPostgresDatabase, postgresServerUrl, ServerProcess, signUpWallets } from '../apps/api/src/test/server-process.js';

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

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-bench-'));
  const database = values.db === 'postgres' ? await createPostgresDatabase(postgresServerUrl(), 'poisha_bench') : null;
  const server = new ServerProcess({ port, dataDir, databaseUrl: database?.url });
  try {
    await server.start();
    const users = await signUpWallets(base, userCount, 'Bench');

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
          moneyConserved: total === userCount * WELCOME_BONUS_CENTS,
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
