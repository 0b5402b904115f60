import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IDEMPOTENCY_HEADER, WELCOME_BONUS_CENTS, type TransferResponse, type User } from '@poisha/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot, ServerProcess, signUpWallets, type Wallet, WALLET_PIN } from '../test/server-process.js';
import { backupSqlite } from './backup.js';
import { openDatabase, sqliteFileIn } from './database.js';

const backupCli = fileURLToPath(new URL('../backup.ts', import.meta.url));
const dirs: string[] = [];
const servers: ServerProcess[] = [];

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-backup-'));
  dirs.push(dir);
  return dir;
};

afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm run backup` as the operator runs it: its own process, the server's settings in the environment. */
function runBackup(env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', backupCli, ...args], { cwd: repoRoot, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function startServer(dataDir: string): Promise<ServerProcess> {
  const server = new ServerProcess({ port: await freePort(), dataDir, logFile: path.join(dataDir, 'server.log') });
  servers.push(server);
  await server.start();
  return server;
}

/**
 * Each wallet sends 1 cent to the next, one transfer at a time (a loop per wallet), until `stop()`.
 * `acknowledged[i]` holds the ids loop i was answered, in order.
 */
function keepTransferring(base: string, wallets: Wallet[]) {
  const acknowledged: string[][] = wallets.map(() => []);
  let stopped = false;
  const loops = wallets.map(async (from, index) => {
    const to = wallets[(index + 1) % wallets.length]!;
    while (!stopped) {
      const response = await fetch(`${base}/api/v1/transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${from.token}`, [IDEMPOTENCY_HEADER]: crypto.randomUUID() },
        body: JSON.stringify({ to: to.phone, amount: 1, reference: '1', pin: WALLET_PIN }),
      });
      if (response.status !== 201) throw new Error(`a transfer answered ${response.status}`);
      acknowledged[index]!.push(((await response.json()) as TransferResponse).id);
    }
  });
  const count = () => acknowledged.reduce((sum, ids) => sum + ids.length, 0);
  return {
    acknowledged,
    snapshot: () => acknowledged.map((ids) => [...ids]),
    /** Lets at least `more` transfers through. */
    async next(more: number) {
      const target = count() + more;
      const deadline = Date.now() + 20_000;
      while (count() < target) {
        if (Date.now() > deadline) throw new Error('the transfers stalled');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/**
 * Restores `file` into a new data folder, as docs/operations.md says, and checks it is the database
 * of one moment: each loop's transfers in it are the first n it was answered, n at least
 * `mustHave`'s, nothing else; the money adds up and every transfer has its two postings.
 */
async function expectConsistentCopy(file: string, wallets: Wallet[], acknowledged: string[][], mustHave: string[][]): Promise<string> {
  const restoredDir = tempDir();
  fs.copyFileSync(file, sqliteFileIn(restoredDir));
  const restored = openDatabase({ dataDir: restoredDir });
  try {
    const transfers = await restored.kysely.selectFrom('transfers').select('id').where('kind', '=', 'transfer').execute();
    const inCopy = new Set(transfers.map((transfer) => transfer.id));
    let found = 0;
    for (const [loop, ids] of acknowledged.entries()) {
      const present = ids.filter((id) => inCopy.has(id)).length;
      expect(ids.slice(0, present).every((id) => inCopy.has(id)), `loop ${loop}: its first ${present} transfers`).toBe(true);
      expect(present, `loop ${loop}: transfers in the copy`).toBeGreaterThanOrEqual(mustHave[loop]!.length);
      found += present;
    }
    expect(inCopy.size, 'transfers nobody was told of').toBe(found);

    const balances = await restored.kysely.selectFrom('accounts').select('balance').where('kind', '=', 'wallet').execute();
    expect(balances.reduce((sum, account) => sum + account.balance, 0)).toBe(wallets.length * WELCOME_BONUS_CENTS);
    const postings = await restored.kysely.selectFrom('postings').select(['transfer_id', 'amount']).execute();
    expect(postings).toHaveLength(2 * (inCopy.size + wallets.length));
    expect(postings.reduce((sum, posting) => sum + posting.amount, 0)).toBe(0);
  } finally {
    await restored.close();
  }
  return restoredDir;
}

describe('npm run backup', () => {
  it('copies the SQLite database while transfers go on; a restored copy has every transfer acknowledged before it, and the server runs on it', { timeout: 120_000 }, async () => {
    const dataDir = tempDir();
    const server = await startServer(dataDir);
    const wallets = await signUpWallets(server.base, 3, 'Backup', dataDir);
    const traffic = keepTransferring(server.base, wallets);
    await traffic.next(30);

    // The copy's moment known to the millisecond: everything answered before the call is in it.
    const direct = path.join(tempDir(), 'direct.sqlite');
    const beforeDirect = traffic.snapshot();
    await backupSqlite(dataDir, direct);
    await traffic.next(30);

    // npm run backup as the operator runs it: its own process, the server's settings in the environment.
    const beforeCli = traffic.snapshot();
    const backup = await runBackup({ DATA_DIR: dataDir });
    await traffic.next(10);
    await traffic.stop();
    await server.stop();

    expect(backup.code, backup.output).toBe(0);
    const [file, ...others] = fs.readdirSync(path.join(dataDir, 'backups'));
    expect(others).toEqual([]);
    expect(file).toMatch(/^poisha-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/);
    expect(backup.output).toContain(file);

    await expectConsistentCopy(direct, wallets, traffic.acknowledged, beforeDirect);
    const restoredDir = await expectConsistentCopy(path.join(dataDir, 'backups', file!), wallets, traffic.acknowledged, beforeCli);

    // The server runs on the restored copy, and the sessions are in it too.
    const onCopy = await startServer(restoredDir);
    const me = await fetch(`${onCopy.base}/api/v1/me`, { headers: { authorization: `Bearer ${wallets[0]!.token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as User).balance.currency).toBe('USD');
    await onCopy.stop();
  });

  it('refuses to overwrite a file and leaves it as it was', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(sqliteFileIn(dataDir), '');
    const target = path.join(tempDir(), 'taken.sqlite');
    fs.writeFileSync(target, 'an earlier backup');
    const backup = await runBackup({ DATA_DIR: dataDir }, [target]);
    expect(backup.code).toBe(1);
    expect(backup.output).toContain('already exists');
    expect(fs.readFileSync(target, 'utf8')).toBe('an earlier backup');
  });

  it('refuses on PostgreSQL and prints the pg_dump command instead, without the password', async () => {
    const backup = await runBackup({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://poisha:s3cret@db.internal:5432/poisha' });
    expect(backup.code).toBe(2);
    expect(backup.output).toContain('pg_dump --format=custom --file=poisha-');
    expect(backup.output).toContain("'postgres://poisha@db.internal:5432/poisha'");
    expect(backup.output).not.toContain('s3cret');
  });
});
