/**
 * How long a PDF statement of a busy wallet takes and how much memory it needs.
 *
 *   npm run bench:statement-pdf -- --entries 10000             (SQLite file in a temporary folder)
 *   npm run bench:statement-pdf -- --entries 10000 --db postgres   ($DATABASE_URL's server, a schema of its own)
 *
 * In one process: the API on a fresh database, one wallet with the given number of entries spread
 * over a year (written straight into the journal, shaped and chained as moveMoney writes them), then
 * GET /api/v1/statement.pdf for that year over HTTP, read to the last byte and thrown away. It
 * prints the time to the last byte, the PDF's size, and the process's resident memory before and
 * at its peak while the PDF streamed (sampled every 10 ms); then it asks again with a full garbage
 * collection every 10 ms and prints the peak of the live heap over what it was before: what one
 * statement holds, which must not grow with the number of entries.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config/env.js';
import { describeChainCheck, verifyJournalChain } from '../apps/api/src/core/ledger/chain-check.js';
import { insertChainedTransfers, type BulkTransfer } from '../apps/api/src/core/ledger/bulk-journal.js';
import { SYSTEM_ACCOUNTS } from '../apps/api/src/core/ledger/system-accounts.js';
import { openDatabase } from '../apps/api/src/db/database.js';
import { migrateToLatest } from '../apps/api/src/db/migrate.js';
import { seedReferenceData } from '../apps/api/src/seed/reference-data.js';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'sqlite' },
    port: { type: 'string', default: '3960' },
    lang: { type: 'string', default: 'en' },
  },
});
const entries = Number(values.entries);
const port = Number(values.port);
const YEAR_START = Date.parse('2025-01-01T00:00:00+06:00');
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const say = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-pdf-bench-'));
  let databaseUrl: string | undefined;
  let dropSchema = async () => {};
  if (values.db === 'postgres') {
    const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const schema = `pdf_bench_${crypto.randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const url = new URL(server);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
    dropSchema = async () => {
      const cleaner = new pg.Client({ connectionString: server });
      await cleaner.connect();
      await cleaner.query(`drop schema ${schema} cascade`);
      await cleaner.end();
    };
  }
  const config = loadConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), EMAIL_VERIFICATION: 'off', LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false', PORT: String(port) });
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateToLatest(db);
  await seedReferenceData(db);
  const app = await buildApp({ config, db, clock: () => YEAR_START + YEAR_MS + 60_000 });
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}/api/v1`;
  try {
    const signup = await fetch(`${base}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Busy', email: `busy-${crypto.randomUUID()}@example.com`, phone: '01712345678', password: 'quiet-orange-lantern-42' }),
    });
    if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
    const { token, user } = (await signup.json()) as { token: string; user: { id: string } };
    const wallet = await db.kysely.selectFrom('accounts').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();

    const filling = performance.now();
    let balance = 0;
    for (let offset = 0; offset < entries; offset += 1_000) {
      const batch: BulkTransfer[] = [];
      for (let index = offset; index < Math.min(entries, offset + 1_000); index += 1) {
        const id = crypto.randomUUID();
        const createdAt = new Date(YEAR_START + Math.floor((index * YEAR_MS) / entries)).toISOString();
        const incoming = index % 3 !== 2;
        const amount = 100 + (index % 997);
        balance += incoming ? amount : -amount;
        batch.push({
          transfer: { id, kind: 'bank_deposit', amount, reference: `Invoice ${index}`, counterparty: 'BRAC Bank •••• 0001', initiated_by: null, created_at: createdAt },
          postings: [
            { transfer_id: id, account_id: SYSTEM_ACCOUNTS.bankSettlement, amount: incoming ? -amount : amount, direction: incoming ? 'out' : 'in', balance_after: null, created_at: createdAt },
            { transfer_id: id, account_id: wallet.id, amount: incoming ? amount : -amount, direction: incoming ? 'in' : 'out', balance_after: balance, created_at: createdAt },
          ],
        });
      }
      await db.kysely.transaction().execute((trx) => insertChainedTransfers(trx, batch));
    }
    say(`${entries} entries written in ${((performance.now() - filling) / 1000).toFixed(1)} s (${db.dialect})`);
    say(describeChainCheck(await verifyJournalChain(db.kysely)));

    const url = `${base}/statement.pdf?from=2025-01-01&to=2025-12-31&lang=${values.lang}`;
    const headers = { authorization: `Bearer ${token}` };
    /** Reads the PDF to its last byte and throws it away; `tick` runs every 10 ms meanwhile. */
    const download = async (tick: () => void) => {
      const sampler = setInterval(tick, 10);
      const started = performance.now();
      const response = await fetch(url, { headers });
      if (response.status !== 200 || !response.body) throw new Error(`statement.pdf answered ${response.status}`);
      let bytes = 0;
      let firstByte = 0;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (bytes === 0) firstByte = performance.now() - started;
        bytes += value.byteLength;
      }
      clearInterval(sampler);
      tick();
      return { elapsed: performance.now() - started, firstByte, bytes };
    };

    // Timed: the process as it runs, resident memory sampled every 10 ms.
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const timed = await download(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    });
    say(
      `statement.pdf of ${entries} entries (${values.lang}): ${(timed.elapsed / 1000).toFixed(2)} s to the last byte (first byte after ${timed.firstByte.toFixed(0)} ms), ` +
        `${mb(timed.bytes)} (${timed.bytes} bytes); resident memory ${mb(rssBefore)} before, ${mb(peak)} at the peak (+${mb(peak - rssBefore)})`,
    );

    // Live memory: the same request again with a full collection every 10 ms, so the heap figure is
    // what the request holds, not garbage waiting for the collector (needs node --expose-gc).
    if (global.gc) {
      const collect = global.gc;
      collect();
      const heapBefore = process.memoryUsage().heapUsed;
      let heapPeak = heapBefore;
      await download(() => {
        collect();
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      });
      say(`live heap while it streamed (collected every 10 ms): ${mb(heapBefore)} before, ${mb(heapPeak)} at the peak (+${mb(heapPeak - heapBefore)})`);
    }
    if (process.env.KEEP_PDF) {
      const again = await fetch(`${base}/statement.pdf?from=2025-01-01&to=2025-12-31&lang=${values.lang}`, { headers: { authorization: `Bearer ${token}` } });
      fs.writeFileSync(process.env.KEEP_PDF, Buffer.from(await again.arrayBuffer()));
      say(`kept a copy at ${process.env.KEEP_PDF}`);
    }
  } finally {
    await app.close();
    await db.close();
    await dropSchema();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
