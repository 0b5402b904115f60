/**
 * The bank test, after Jepsen's "bank" workload: wallets, clients sending random transfers and
 * reading balances over HTTP, and a nemesis that SIGKILLs the server at random moments and starts
 * it again, or does something else to the database under it (faults.ts: its connections cut,
 * PostgreSQL restarted, SQLite's disk full). Afterwards the database must hold exactly the money and
 * the transfers the clients were told about. See docs/bank-test.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IDEMPOTENCY_HEADER, WELCOME_BONUS_CENTS, type ErrorBody, type TransferResponse, type User } from '@poisha/contracts';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { createPostgresDatabase, freePort, ServerProcess, signUpWallets, sleep, type PostgresDatabase, type Wallet, WALLET_PIN } from '../../apps/api/src/test/server-process.js';
import { checkAnswers, checkDatabase, type Check, type ClientObservations, type TransferAttempt } from './checks.js';
import { cutConnections, fillDisk, faultFits, mountSmallDisk, restartPostgres, type Fault } from './faults.js';

export interface BankTestOptions {
  db: 'sqlite' | 'postgres';
  /** API instances on the one database (more than one needs PostgreSQL); the nemesis kills them in turn. */
  instances: number;
  wallets: number;
  clients: number;
  /** What the nemesis does (default `kill`: SIGKILL an instance and start it again); faults.ts. */
  fault?: Fault;
  /** Faults during the run (SIGKILLs by default), spread over it. */
  kills: number;
  /** Transfers to send (each with its own key); the run ends when all are answered... */
  transfers: number;
  /** ...or when this many seconds have passed, whichever comes first. */
  maxSeconds: number;
  /** The PostgreSQL server; a fresh database poisha_bank_<random> is created on it and dropped after. */
  postgresUrl: string;
  /** Ports for the instances (default: free ones). */
  ports?: number[];
  /** Seed of the random choices (pairs, amounts, kill moments); printed so a run can be repeated. */
  seed?: number;
  /** Keep the data folder (logs, SQLite file) and the PostgreSQL database for a look afterwards. */
  keep?: boolean;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface BankTestReport {
  mode: string;
  seed: number;
  wallets: number;
  clients: number;
  attempted: number;
  acknowledged: number;
  rejected: number;
  /** Keys sent more than once, those among them whose request was cut by a kill, and the resends in all. */
  retriedKeys: number;
  cutKeys: number;
  /** Keys sent twice at once. */
  doubleSent: number;
  resends: number;
  reads: number;
  fault: Fault;
  /** Answers 503 `unavailable` (an instance starting or stopping, or its database away), each sent again. */
  unavailableAnswers: number;
  kills: number;
  killsPlanned: number;
  durationSeconds: number;
  /** Answered transfers per second over the run (kills and restarts included). */
  transfersPerSecond: number;
  checks: Check[];
  anomalies: number;
  /** Where the logs are, when kept. */
  dataDir: string | null;
}

/** A small seeded generator (mulberry32): the same seed makes the same choices. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  /** A whole number from `low` to `high`, both included. */
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  return { next, int };
}

/** How long one request may take, and how long a transfer is retried before it counts as unanswered. */
const REQUEST_TIMEOUT_MS = 20_000;
const RETRY_FOR_MS = 120_000;
/** Share of transfers asking for more than most balances hold (1,000 to 3,000 USD). */
const LARGE_SHARE = 0.15;
/** Share of transfers sent twice at once with the same key. */
const DOUBLE_SEND_SHARE = 0.05;
/** Share of transfers followed by a balance read. */
const READ_SHARE = 0.3;

export async function runBankTest(options: BankTestOptions): Promise<BankTestReport> {
  if (options.instances > 1 && options.db !== 'postgres') throw new Error('several instances need PostgreSQL: SQLite is one file for one process');
  const fault = options.fault ?? 'kill';
  if (!faultFits(fault, options.db)) throw new Error(`the ${fault} fault does not apply to ${options.db}`);
  const log = options.log ?? (() => {});
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const rng = random(seed);
  const mode = `${options.db === 'postgres' && options.instances > 1 ? `postgres, ${options.instances} instances` : options.db}${fault === 'kill' ? '' : `, fault ${fault}`}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-bank-'));
  // The servers' DATA_DIR (the SQLite file): its own small disk for the disk-full fault; the logs stay outside it.
  const serverDataDir = path.join(dataDir, 'data');
  let unmountDisk: (() => Promise<void>) | null = null;
  let database: PostgresDatabase | null = null;
  const servers: ServerProcess[] = [];
  const crashes: string[] = [];
  let passed = false;

  try {
    if (options.db === 'postgres') database = await createPostgresDatabase(options.postgresUrl, `poisha_bank_${crypto.randomUUID().slice(0, 8)}`);
    // 1 GiB: 100,000 transfers make a database of about 120 MB; the nemesis fills what is left.
    if (fault === 'disk-full') unmountDisk = await mountSmallDisk(serverDataDir, 1024);
    const ports = options.ports ?? (await Promise.all(Array.from({ length: options.instances }, () => freePort())));
    for (let index = 0; index < options.instances; index += 1) {
      const port = ports[index];
      if (port === undefined) throw new Error(`no port for instance ${index + 1}`);
      servers.push(
        new ServerProcess({
          port,
          dataDir: serverDataDir,
          databaseUrl: database?.url,
          logFile: path.join(dataDir, `server-${index + 1}.log`),
          // The journal sealed every 2 s, not every minute: seals are made (and cut by the faults) during the run.
          env: { JOURNAL_SEAL_INTERVAL_SECONDS: '2' },
          // A server that dies without being killed is a defect; it is started again so the run goes on.
          onCrash: (code) => {
            crashes.push(`instance ${index + 1} exited by itself with code ${code}`);
            if (crashes.length < 5) void servers[index]?.start().catch((error: unknown) => crashes.push(`instance ${index + 1} did not start again: ${String(error)}`));
          },
        }),
      );
    }
    // One after the other: the first applies the migrations.
    for (const server of servers) await server.start();
    log(`${mode}: ${servers.map((server) => server.base).join(', ')}, data in ${dataDir}, seed ${seed}`);

    const wallets = await signUpWallets(servers[0]!.base, options.wallets, 'Bank', serverDataDir);
    const withoutBonus = wallets.filter((wallet) => wallet.balance !== WELCOME_BONUS_CENTS);
    if (withoutBonus.length > 0) {
      throw new Error(`sign-up credited ${withoutBonus[0]!.balance} cents, not the ${WELCOME_BONUS_CENTS} welcome bonus: is e-mail verification on?`);
    }
    log(`${wallets.length} wallets signed up, ${options.clients} clients, ${options.transfers} transfers, ${options.kills} faults (${fault})`);

    const observed: ClientObservations = { attempts: [], balancesRead: [], serverErrors: [], finalBalances: [] };
    let sent = 0;
    let answered = 0;
    let clientsDone = false;
    let kills = 0;
    let doubleSent = 0;
    let unavailableAnswers = 0;
    const started = performance.now();
    const deadline = Date.now() + options.maxSeconds * 1000;

    /**
     * Sends one request, moving to the next instance on every retry. No answer is `refused` (nothing
     * listens: the server is down) or `cut` (the connection broke or timed out after it was made:
     * the server may have died in the middle of the request).
     */
    async function request(client: number, attempt: number, pathname: string, init: RequestInit): Promise<{ status: number; body: unknown } | 'refused' | 'cut'> {
      const server = servers[(client + attempt) % servers.length]!;
      try {
        const response = await fetch(`${server.base}${pathname}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const body = (await response.json()) as unknown;
        // An instance that is starting (migrating) or shutting down, or whose database is away,
        // answers 503 `unavailable`: sent again with the same key, as when the connection is refused.
        if (response.status === 503 && (body as Partial<ErrorBody>).error?.code === 'unavailable') {
          unavailableAnswers += 1;
          return 'refused';
        }
        return { status: response.status, body };
      } catch (error) {
        return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED' ? 'refused' : 'cut';
      }
    }

    /** Sends one transfer request until it is answered, again with the same key after every failure. */
    async function sendUntilAnswered(client: number, key: string, from: Wallet, to: Wallet, amount: number, reference: string): Promise<TransferAttempt> {
      const body = JSON.stringify({ to: to.phone, amount, reference, pin: WALLET_PIN });
      const firstSent = performance.now();
      let cut = false;
      for (let retries = 0; ; retries += 1) {
        const answer = await request(client, retries, '/api/v1/transfers', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${from.token}`, [IDEMPOTENCY_HEADER]: key },
          body,
        });
        cut ||= answer === 'cut';
        const base = { key, from, to, amount, retries, cut };
        if (typeof answer === 'object') {
          if (answer.status === 201) {
            const created = answer.body as TransferResponse;
            return { ...base, outcome: { kind: 'acknowledged', transferId: created.id, balanceAfter: created.balanceAfter.amount } };
          }
          if (answer.status === 422 && (answer.body as ErrorBody).error.code === 'insufficient_funds') return { ...base, outcome: { kind: 'rejected' } };
          if (answer.status < 500) return { ...base, outcome: { kind: 'unexpected', status: answer.status, body: JSON.stringify(answer.body) } };
          observed.serverErrors.push(`transfer ${key} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        }
        // No answer (the server is down or died mid-request), or a 5xx: the same request again, same key.
        if (performance.now() - firstSent > RETRY_FOR_MS) return { ...base, outcome: { kind: 'unanswered' } };
        await sleep(Math.min(250, 10 * 2 ** retries) + rng.int(0, 20));
      }
    }

    /**
     * One transfer under a new key. Some are sent twice at once, to two instances when there are
     * two (a client that gave up waiting and retried while the first request still ran): both must
     * get the same answer.
     */
    async function transfer(client: number, from: Wallet, to: Wallet, amount: number): Promise<TransferAttempt> {
      const key = crypto.randomUUID();
      const reference = String(sent);
      if (rng.next() >= DOUBLE_SEND_SHARE) return sendUntilAnswered(client, key, from, to, amount, reference);
      doubleSent += 1;
      const [first, second] = await Promise.all([client, client + 1].map((sender) => sendUntilAnswered(sender, key, from, to, amount, reference)));
      if (JSON.stringify(first!.outcome) !== JSON.stringify(second!.outcome)) {
        observed.serverErrors.push(`key ${key} sent twice at once answered ${JSON.stringify(first!.outcome)} and ${JSON.stringify(second!.outcome)}`);
      }
      return { ...first!, retries: first!.retries + second!.retries, cut: first!.cut || second!.cut };
    }

    async function readBalance(client: number, wallet: Wallet): Promise<number | null> {
      const answer = await request(client, 0, '/api/v1/me', { headers: { authorization: `Bearer ${wallet.token}` } });
      if (typeof answer !== 'object') return null;
      if (answer.status !== 200) {
        observed.serverErrors.push(`GET /me for wallet ${wallet.index} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        return null;
      }
      return (answer.body as User).balance.amount;
    }

    async function runClient(client: number): Promise<void> {
      for (;;) {
        await untilKillDue();
        if (sent >= options.transfers || Date.now() >= deadline) return;
        sent += 1;
        const from = wallets[rng.int(0, wallets.length - 1)]!;
        let to = wallets[rng.int(0, wallets.length - 1)]!;
        while (to === from) to = wallets[rng.int(0, wallets.length - 1)]!;
        const amount = rng.next() < LARGE_SHARE ? rng.int(WELCOME_BONUS_CENTS, 3 * WELCOME_BONUS_CENTS) : rng.int(1, WELCOME_BONUS_CENTS / 5);
        observed.attempts.push(await transfer(client, from, to, amount));
        answered += 1;
        if (rng.next() < READ_SHARE) {
          const balance = await readBalance(client, wallets[rng.int(0, wallets.length - 1)]!);
          if (balance !== null) observed.balancesRead.push(balance);
        }
      }
    }

    // Kill k comes at a random moment of the k-th equal share of the transfers, in its middle 80 %.
    const share = options.transfers / Math.max(1, options.kills);
    const moments = Array.from({ length: options.kills }, (_, kill) => Math.floor(share * kill + share * (0.1 + 0.8 * rng.next())));
    let nemesisStopped = false;

    /**
     * At the planned moments: kills the instances in turn, each starting again after up to 300 ms
     * down; or cuts the database's connections, restarts PostgreSQL, or fills SQLite's disk for up
     * to half a second, while the instances run on.
     */
    async function nemesis(): Promise<void> {
      const restarts: Array<Promise<void>> = servers.map(() => Promise.resolve());
      try {
        for (const [kill, moment] of moments.entries()) {
          while (answered < moment && !clientsDone) await sleep(2);
          if (clientsDone) break;
          const index = kill % servers.length;
          await restarts[index]; // an instance still starting again is not killed again
          await sleep(rng.int(0, 5));
          if (fault === 'kill') {
            await servers[index]!.stop('SIGKILL');
            const restart = sleep(rng.int(0, 300)).then(() => servers[index]!.start());
            restart.catch(() => {}); // awaited below; this only keeps it from counting as unhandled meanwhile
            restarts[index] = restart;
          } else if (fault === 'cut') {
            await cutConnections(database!.url);
          } else if (fault === 'restart') {
            await restartPostgres();
          } else {
            const free = fillDisk(serverDataDir);
            await sleep(rng.int(100, 500));
            free();
          }
          kills += 1;
          log(`${fault} ${kills}${fault === 'kill' ? `: instance ${index + 1}` : ''} after ${answered} answered transfers`);
        }
      } finally {
        nemesisStopped = true;
        await Promise.all(restarts);
      }
    }

    /**
     * Clients do not run far past a planned kill before it happens (the nemesis may be waiting for
     * an instance to start again while the other one serves). The margin is wide enough that the
     * clients are still sending when the kill comes, so it cuts requests in the middle.
     */
    const margin = Math.max(5 * options.clients, Math.floor(share / 2));
    async function untilKillDue(): Promise<void> {
      while (!nemesisStopped && kills < moments.length && sent >= moments[kills]! + margin && Date.now() < deadline) await sleep(2);
    }

    const nemesisDone = nemesis();
    await Promise.all(Array.from({ length: options.clients }, (_, client) => runClient(client)));
    clientsDone = true;
    await nemesisDone;
    const durationSeconds = (performance.now() - started) / 1000;

    for (const wallet of wallets) {
      const balance = await readBalance(0, wallet);
      observed.finalBalances[wallet.index] = balance ?? Number.NaN;
    }
    for (const server of servers) await server.stop('SIGTERM');

    observed.serverErrors.push(...crashes);
    const db = openDatabase({ databaseUrl: database?.url, dataDir: serverDataDir, pgPoolSize: 2 });
    let checks: Check[];
    try {
      checks = [...checkAnswers(observed), ...(await checkDatabase(db.kysely, wallets, WELCOME_BONUS_CENTS, observed))];
    } finally {
      await db.close();
    }
    const count = (kind: TransferAttempt['outcome']['kind']) => observed.attempts.filter((attempt) => attempt.outcome.kind === kind).length;
    const anomalies = checks.reduce((sum, item) => sum + item.anomalies.length, 0);
    passed = anomalies === 0 && kills === options.kills;
    return {
      mode,
      seed,
      wallets: wallets.length,
      clients: options.clients,
      attempted: observed.attempts.length,
      acknowledged: count('acknowledged'),
      rejected: count('rejected'),
      retriedKeys: observed.attempts.filter((attempt) => attempt.retries > 0).length,
      cutKeys: observed.attempts.filter((attempt) => attempt.cut).length,
      doubleSent,
      resends: observed.attempts.reduce((sum, attempt) => sum + attempt.retries, 0),
      reads: observed.balancesRead.length,
      fault,
      unavailableAnswers,
      kills,
      killsPlanned: options.kills,
      durationSeconds,
      transfersPerSecond: observed.attempts.length / durationSeconds,
      checks,
      anomalies,
      dataDir: options.keep || !passed ? dataDir : null,
    };
  } finally {
    for (const server of servers) await server.stop('SIGKILL');
    await unmountDisk?.();
    if (!options.keep && passed) fs.rmSync(dataDir, { recursive: true, force: true });
    if (!options.keep) await database?.drop();
  }
}

/** The report as text: the figures, then each check, ok or FAIL with its anomalies (the first ten). */
export function formatReport(report: BankTestReport): string {
  const lines = [
    `bank test on ${report.mode} (seed ${report.seed}): ${report.wallets} wallets, ${report.clients} clients`,
    `  attempted ${report.attempted}, acknowledged ${report.acknowledged}, rejected ${report.rejected}, retried ${report.retriedKeys} keys (${report.cutKeys} cut mid-request; ${report.resends} resends)`,
    `  sent twice at once ${report.doubleSent} keys, balance reads ${report.reads}, 503 unavailable answers ${report.unavailableAnswers} (each sent again)`,
    `  faults (${report.fault}) ${report.kills} of ${report.killsPlanned}, ${report.durationSeconds.toFixed(1)} s, ${report.transfersPerSecond.toFixed(0)} transfers/s`,
  ];
  for (const item of report.checks) {
    lines.push(`  ${item.anomalies.length === 0 ? 'ok  ' : 'FAIL'} ${item.name} (${item.detail})`);
    for (const anomaly of item.anomalies.slice(0, 10)) lines.push(`       ${anomaly}`);
    if (item.anomalies.length > 10) lines.push(`       … and ${item.anomalies.length - 10} more`);
  }
  lines.push(`  anomalies: ${report.anomalies}${report.kills < report.killsPlanned ? ` (and only ${report.kills} of ${report.killsPlanned} faults happened)` : ''}`);
  if (report.dataDir) lines.push(`  server logs and data kept in ${report.dataDir}`);
  return lines.join('\n');
}
