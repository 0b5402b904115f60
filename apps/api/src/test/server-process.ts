/**
 * The real server as a child process, for process tests and the harnesses in scripts/ (the
 * transfer benchmark, the bank test): a fresh database for it, start, wait until it answers, sign
 * up wallets, kill, start again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { serverBundleFile } from '../bundle.js';
import { BUNDLE_FLAGS, HEAP_FLAGS } from '../node-flags.js';
import type { AuthResponse, User } from '@poisha/contracts';
import { parseSmsFile } from '../sms/sms-gateway.js';
import pg from 'pg';

export const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const serverFile = fileURLToPath(new URL('../server.ts', import.meta.url));

/** The PostgreSQL server the harnesses use when none is given: the test suite's. */
export const postgresServerUrl = () => process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface PostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates the database `name` (dropping one left by an earlier run) on the server of `serverUrl`,
 * and answers its URL. Only databases whose name the caller chose are ever created or dropped.
 */
export async function createPostgresDatabase(serverUrl: string, name: string): Promise<PostgresDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** A TCP port nobody listens on at the moment, on the loopback address. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until `GET /api/health` answers 200, or throws after `timeoutMs`. */
export async function waitForHealth(base: string, timeoutMs = 30_000, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    if (!isAlive()) throw new Error(`the server for ${base} exited while starting`);
    if (Date.now() > deadline) throw new Error(`the server for ${base} did not start within ${timeoutMs} ms`);
    await sleep(50);
  }
}

export interface ServerOptions {
  port: number;
  dataDir: string;
  /** Unset or empty: SQLite in dataDir. */
  databaseUrl?: string;
  /** Where the server's output goes (appended across restarts); unset: inherited stderr, no stdout. */
  logFile?: string;
  /** More settings, over the harness defaults. */
  env?: Record<string, string>;
  /** Options for node itself, before the script (the benchmark's `--cpu-prof`). */
  nodeArgs?: string[];
  /**
   * Run the production bundle (`npm run build:server`, apps/api/dist/server.js) as `npm run
   * start:prod` does, instead of the TypeScript sources through tsx as `npm start` does.
   */
  bundle?: boolean;
  /** Called when the process, once up, exits without having been told to stop (a crash). */
  onCrash?: (code: number | null) => void;
}

/**
 * One API instance as a child process (`node --import tsx apps/api/src/server.ts`, or the bundle). The environment
 * is built from scratch: PATH plus the given settings, so the caller's DATABASE_URL or PORT cannot
 * leak in. Sign-up limits and e-mail verification are switched off for load (unknown settings are
 * ignored by the server).
 */
export class ServerProcess {
  readonly base: string;
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private stopping = false;
  private healthy = false;
  starts = 0;

  constructor(private readonly options: ServerOptions) {
    this.base = `http://127.0.0.1:${options.port}`;
  }

  /** The process id while it runs (the benchmark reads its peak memory from /proc). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Starts the process and waits until it answers. */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.child) throw new Error(`the server for ${this.base} is already running`);
    const { port, dataDir, databaseUrl, logFile, env, nodeArgs = [], bundle = false } = this.options;
    const log = logFile ? fs.openSync(logFile, 'a') : null;
    const script = bundle ? [...BUNDLE_FLAGS, serverBundleFile] : [...HEAP_FLAGS, '--import', 'tsx', serverFile];
    const child = spawn(process.execPath, [...nodeArgs, ...script], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        EMAIL_VERIFICATION: 'off',
        SIGNUP_RATE_LIMIT: '0',
        ...env,
      },
      stdio: ['ignore', log ?? 'ignore', log ?? 'inherit'],
    });
    if (log !== null) fs.closeSync(log);
    this.child = child;
    this.starts += 1;
    this.stopping = false;
    this.healthy = false;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code) => {
        if (this.child === child) this.child = null;
        resolve();
        if (this.healthy && !this.stopping) this.options.onCrash?.(code);
      }),
    );
    try {
      await waitForHealth(this.base, timeoutMs, () => this.child === child);
    } catch (error) {
      const output = logFile ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '(on stderr)';
      throw new Error(`${(error as Error).message}; its output:\n${output}`);
    }
    this.healthy = true;
  }

  /** Sends `signal` and waits until the process is gone (SIGKILL after 10 s if it lingers). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.stopping = true;
    child.kill(signal);
    const lingering = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(lingering);
  }
}

/** A wallet signed up through the API, with the bearer token of its session. */
export interface Wallet {
  index: number;
  userId: string;
  phone: string;
  token: string;
  /** The balance sign-up answered with, in cents. */
  balance: number;
}

/** The six digits of the newest SMS to `phone` in a server's outbox (DATA_DIR/sms, no gateway set). */
export function latestSmsCode(smsOutboxDir: string, phone: string): string {
  const names = fs.existsSync(smsOutboxDir) ? fs.readdirSync(smsOutboxDir).filter((name) => name.endsWith('.txt')).sort().reverse() : [];
  for (const name of names) {
    const message = parseSmsFile(fs.readFileSync(path.join(smsOutboxDir, name), 'utf8'));
    if (message.to === phone) return /\b(\d{6})\b/.exec(message.text)![1]!;
  }
  throw new Error(`no SMS to ${phone} in ${smsOutboxDir}`);
}

/** The payment PIN `signUpWallets` chooses for every wallet: each payment carries it (decision 0042). */
export const WALLET_PIN = '24680';

/**
 * Signs up `count` wallets through `POST /api/v1/auth/signup`, `concurrency` at a time (each
 * sign-up hashes a password), and proves each phone number with the code the server wrote to
 * `dataDir`/sms, as a person would (decision 0041), and chooses the payment PIN `WALLET_PIN`: the wallets can pay and receive money, and have the
 * welcome bonus where EMAIL_VERIFICATION=off. Phone numbers are +88017 and the index in eight
 * digits, so a fresh database never has them taken.
 */
export async function signUpWallets(base: string, count: number, label: string, dataDir: string, concurrency = 4): Promise<Wallet[]> {
  const wallets: Wallet[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      for (let index = next++; index < count; index = next++) {
        const phone = `+88017${String(index).padStart(8, '0')}`;
        const response = await fetch(`${base}/api/v1/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `${label} ${index}`, email: `${label.toLowerCase()}${index}@example.com`, password: crypto.randomUUID(), phone }),
        });
        if (response.status !== 201) throw new Error(`sign-up ${index} answered ${response.status}: ${await response.text()}`);
        const body = (await response.json()) as AuthResponse;
        const proof = await fetch(`${base}/api/v1/auth/phone/verify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${body.token}` },
          body: JSON.stringify({ code: latestSmsCode(path.join(dataDir, 'sms'), phone) }),
        });
        if (proof.status !== 200) throw new Error(`phone proof ${index} answered ${proof.status}: ${await proof.text()}`);
        const { user } = (await proof.json()) as { user: User };
        const pin = await fetch(`${base}/api/v1/payment-pin`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${body.token}` },
          body: JSON.stringify({ pin: WALLET_PIN }),
        });
        if (pin.status !== 200) throw new Error(`choosing the PIN ${index} answered ${pin.status}: ${await pin.text()}`);
        wallets[index] = { index, userId: user.id, phone, token: body.token, balance: user.balance.amount };
      }
    }),
  );
  return wallets;
}
