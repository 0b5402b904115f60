/**
 * `npm run bench`: transfers per second through the real API, against ceilings measured in the
 * same run on the same machine. See docs/testing.md ("Benchmark") for the flags.
 *
 *   npm run bench                                  SQLite, 50 connections, 20 s
 *   BENCH_DB=postgres npm run bench                PostgreSQL (database poisha_bench on $DATABASE_URL's server)
 *   BENCH_DB=postgres npm run bench -- --instances 2
 *   npm run bench -- --seconds 60 --cpu-prof /tmp/prof
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { bundleServer } from '../../apps/api/src/bundle.js';
import { openDatabase, sqliteFileIn, type Db } from '../../apps/api/src/db/database.js';
import { migrateToLatest } from '../../apps/api/src/db/migrate.js';
import { seedReferenceData } from '../../apps/api/src/seed/reference-data.js';
import { createPostgresDatabase, postgresServerUrl, repoRoot, ServerProcess, sleep } from '../../apps/api/src/test/server-process.js';
import { barePostgresTransfers, bareSqliteTransfers, pgbenchTps, type CeilingResult } from './ceilings.js';
import type { LoadPlan, LoadResult } from './load.js';
import { BENCH_IDENTITY_SECRET, BENCH_PIN, seedLongStatement, seedWallets } from './seed.js';
import { writeServerSection, type BenchReport } from './report.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.BENCH_DB ?? 'sqlite' },
    seconds: { type: 'string', default: '20' },
    'read-seconds': { type: 'string', default: '10' },
    clients: { type: 'string', default: '50' },
    wallets: { type: 'string', default: '10000' },
    'statement-entries': { type: 'string', default: '100000' },
    instances: { type: 'string', default: '1' },
    port: { type: 'string', default: '3400' },
    'cpu-prof': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const dialect = values.db === 'postgres' ? 'postgres' : 'sqlite';
const seconds = Number(values.seconds);
const readSeconds = Number(values['read-seconds']);
const clients = Number(values.clients);
const walletCount = Number(values.wallets);
const statementEntries = Number(values['statement-entries']);
const instances = Number(values.instances);
const port = Number(values.port);
if (dialect === 'sqlite' && instances !== 1) throw new Error('--instances 2 needs BENCH_DB=postgres: one SQLite file has one writer process');

const METRICS_TOKEN = crypto.randomUUID();

/** The server's event-loop delay since it started (prom-client's histogram, in ms), from /metrics. */
async function eventLoopDelay(base: string): Promise<{ p99: number; max: number } | null> {
  try {
    const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const read = (name: string) => Number(new RegExp(`^${name} ([\\d.e+-]+)`, 'm').exec(text)?.[1] ?? NaN) * 1000;
    const delay = { p99: Math.round(read('nodejs_eventloop_lag_p99_seconds') * 10) / 10, max: Math.round(read('nodejs_eventloop_lag_max_seconds') * 10) / 10 };
    return Number.isNaN(delay.p99) ? null : delay;
  } catch {
    return null;
  }
}

const log = (message: string) => console.warn(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

const loadScript = path.join(repoRoot, 'scripts/bench/load.ts');
/** Runs the load generator as its own process (it must not share the measured process's CPU time slice). */
function load(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', loadScript, JSON.stringify(plan)], { cwd: repoRoot, maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`load generator failed: ${stderr}`));
      else resolve(JSON.parse(stdout) as LoadResult);
    });
  });
}

/** Peak resident memory of a process so far, in MB (Linux). */
function peakRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

async function helloWorld(): Promise<LoadResult> {
  const helloPort = port + 10;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/bench/hello-server.ts'), String(helloPort)], { cwd: repoRoot, stdio: 'inherit' });
  try {
    for (let tries = 0; ; tries += 1) {
      try {
        if ((await fetch(`http://127.0.0.1:${helloPort}/hello`)).ok) break;
      } catch {
        if (tries > 200) throw new Error('the hello-world server did not start');
        await sleep(50);
      }
    }
    return await load({ bases: [`http://127.0.0.1:${helloPort}`], clients, seconds, kind: 'get', path: '/hello' });
  } finally {
    child.kill('SIGTERM');
  }
}

interface Invariants {
  postingsSum: number;
  unbalancedTransfers: number;
  negativeBalances: number;
  walletsOffTheirPostings: number;
  loadTransfers: number;
  loadTransfersExpected: number;
  holds: boolean;
}

async function checkInvariants(db: Db, created: number): Promise<Invariants> {
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db.kysely)).rows[0]!;
  const number = (value: unknown) => Number(value ?? 0);
  const postingsSum = number((await one(sql<{ total: unknown }>`select coalesce(sum(amount), 0) as total from postings`)).total);
  const unbalancedTransfers = number(
    (await one(sql<{ n: unknown }>`select count(*) as n from (select transfer_id from postings group by transfer_id having sum(amount) <> 0) as unbalanced`)).n,
  );
  const negativeBalances = number((await one(sql<{ n: unknown }>`select count(*) as n from accounts where balance < 0`)).n);
  const walletsOffTheirPostings = number(
    (
      await one(
        sql<{ n: unknown }>`select count(*) as n from accounts a where a.kind = 'wallet'
          and a.balance <> (select coalesce(sum(p.amount), 0) from postings p where p.account_id = a.id)`,
      )
    ).n,
  );
  const loadTransfers = number((await one(sql<{ n: unknown }>`select count(*) as n from transfers where kind = 'transfer' and reference = '4242'`)).n);
  return {
    postingsSum,
    unbalancedTransfers,
    negativeBalances,
    walletsOffTheirPostings,
    loadTransfers,
    loadTransfersExpected: created,
    holds: postingsSum === 0 && unbalancedTransfers === 0 && negativeBalances === 0 && walletsOffTheirPostings === 0 && loadTransfers === created,
  };
}

async function main() {
  const startedAt = new Date();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-bench-'));
  const database = dialect === 'postgres' ? await createPostgresDatabase(postgresServerUrl(), 'poisha_bench') : null;
  const servers: ServerProcess[] = [];
  try {
    log(`hello-world ceiling: ${clients} connections, ${seconds} s`);
    const hello = await helloWorld();

    log(`seeding ${walletCount} wallets and a statement of ${statementEntries} entries (${dialect})`);
    const seedDb = openDatabase({ databaseUrl: database?.url, dataDir });
    await migrateToLatest(seedDb);
    await seedReferenceData(seedDb);
    const seeded = await seedWallets(seedDb, walletCount + 2, Date.now());
    const [statementWallet, statementOther] = [seeded[walletCount]!, seeded[walletCount + 1]!];
    await seedLongStatement(seedDb, statementWallet, statementOther, statementEntries, Date.now());
    await seedDb.close();
    const loadWallets = seeded.slice(0, walletCount);
    const walletsFile = path.join(dataDir, 'wallets.json');
    fs.writeFileSync(walletsFile, JSON.stringify(loadWallets.map(({ phone, token }) => ({ phone, token }))));

    // The server as shipped: the production bundle (npm run start:prod, the Docker image).
    await bundleServer();
    for (let instance = 0; instance < instances; instance += 1) {
      const profDir = values['cpu-prof'];
      servers.push(
        new ServerProcess({
          port: port + instance,
          dataDir,
          databaseUrl: database?.url,
          logFile: path.join(dataDir, `server-${instance}.log`),
          bundle: true,
          env: { LOG_LEVEL: 'info', METRICS_TOKEN, IDENTITY_HASH_SECRET: BENCH_IDENTITY_SECRET },
          nodeArgs: profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
        }),
      );
    }
    await Promise.all(servers.map((server) => server.start()));
    const bases = servers.map((server) => server.base);

    log(`transfers: ${clients} connections over ${instances} instance(s), ${seconds} s`);
    const transfers = await load({ bases, clients, seconds, kind: 'transfers', walletsFile, reference: '4242', pin: BENCH_PIN });
    const loopDelay = await eventLoopDelay(bases[0]!);
    log(`GET /api/v1/me: ${clients} connections, ${readSeconds} s`);
    const me = await load({ bases, clients, seconds: readSeconds, kind: 'get', path: '/api/v1/me', walletsFile, authenticated: true });
    log(`statement page of 20 (wallet of ${statementEntries} entries): 1 connection, ${readSeconds} s`);
    const statement = await load({ bases: [bases[0]!], clients: 1, seconds: readSeconds, kind: 'get', path: '/api/v1/statement?page=0&pageSize=20', fixedToken: statementWallet.token });
    const peakRss = servers.map((server) => peakRssMb(server.pid));
    await Promise.all(servers.map((server) => server.stop()));

    const checkDb = openDatabase({ databaseUrl: database?.url, dataDir });
    const invariants = await checkInvariants(checkDb, transfers.statuses['201'] ?? 0);
    await checkDb.close();

    log(`bare transfer ceiling (${dialect}): ${Math.min(seconds, 10)} s`);
    const accountIds = loadWallets.map((wallet) => wallet.accountId);
    const bare: CeilingResult =
      dialect === 'postgres'
        ? await barePostgresTransfers(database!.url, accountIds, Math.min(seconds, 10))
        : bareSqliteTransfers(sqliteFileIn(dataDir), accountIds, Math.min(seconds, 10));
    let bareChained: CeilingResult | null = null;
    let bareUnchained: CeilingResult | null = null;
    let pgbench: CeilingResult | null = null;
    if (dialect === 'postgres') {
      log(`bare transfer through the ledger's rules without a chain (postgres): ${Math.min(seconds, 10)} s`);
      bareUnchained = await barePostgresTransfers(database!.url, accountIds, Math.min(seconds, 10), { movement: 'rules-unchained' });
      log(`bare transfer through the ledger's writer, the wallets' chains moved on (postgres): ${Math.min(seconds, 10)} s`);
      bareChained = await barePostgresTransfers(database!.url, accountIds, Math.min(seconds, 10), { movement: 'ledger' });
      log(`pgbench: 8 clients, ${seconds} s`);
      const pgbenchDb = await createPostgresDatabase(postgresServerUrl(), 'poisha_bench_pgbench');
      try {
        pgbench = pgbenchTps(pgbenchDb.url, seconds);
      } finally {
        await pgbenchDb.drop();
      }
    }

    const report: BenchReport = {
      date: startedAt,
      dialect,
      instances,
      clients,
      seconds,
      readSeconds,
      walletCount,
      statementEntries,
      hello,
      transfers,
      me,
      statement,
      bare,
      bareChained,
      bareUnchained,
      pgbench,
      peakRssMb: peakRss,
      eventLoopDelayMs: loopDelay,
      invariants,
    };
    const table = writeServerSection(report, { write: !values['no-write'] });
    process.stdout.write(`${table}\n\n${JSON.stringify({ transfers, me, statement, hello, bare, bareUnchained, bareChained, pgbench, peakRss, loopDelay, invariants }, null, 2)}\n`);
    if (!invariants.holds) {
      console.error('LEDGER INVARIANTS BROKEN');
      process.exitCode = 1;
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
