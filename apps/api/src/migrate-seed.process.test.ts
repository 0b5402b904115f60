import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** tsx, found from here: the scripts run in an empty folder, so no `.env` of the checkout leaks in. */
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Runs `apps/api/src/<script>` as `npm run <script>` does, with only the given settings. */
function run(script: 'migrate.ts' | 'seed.ts', env: Record<string, string>) {
  const file = fileURLToPath(new URL(`./${script}`, import.meta.url));
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-cmd-cwd-'));
  dirs.push(cwd);
  const result = spawnSync(process.execPath, ['--import', tsx, file], { cwd, env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env }, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-cmd-'));
  dirs.push(dir);
  return dir;
};

describe('npm run migrate and npm run seed', () => {
  it('migrate applies every migration once and adds the banks; a second run has nothing to do', () => {
    const dir = dataDir();
    const first = run('migrate.ts', { DATA_DIR: dir });
    expect(first.output).toMatch(/applied \d+ migration\(s\):\n {2}2026-11-21T1000-identity/);
    expect(first.status).toBe(0);
    const file = new SQLite(path.join(dir, 'poisha.sqlite'), { readonly: true });
    try {
      expect((file.prepare('select count(*) as banks from banks').get() as { banks: number }).banks).toBeGreaterThan(10);
      expect((file.prepare('select count(*) as users from users').get() as { users: number }).users).toBe(0);
    } finally {
      file.close();
    }
    const second = run('migrate.ts', { DATA_DIR: dir });
    expect(second.output).toContain('the schema is up to date');
    expect(second.status).toBe(0);
  });

  it('seed adds the demo user once (migrating first), and says so the second time', () => {
    const dir = dataDir();
    const first = run('seed.ts', { DATA_DIR: dir });
    expect(first.output).toContain('Added the demo data: sign in as demo@poisha.app');
    expect(first.status).toBe(0);
    const second = run('seed.ts', { DATA_DIR: dir });
    expect(second.output).toContain('The demo data is already there');
    expect(second.status).toBe(0);
    const file = new SQLite(path.join(dir, 'poisha.sqlite'), { readonly: true });
    try {
      expect(file.prepare("select count(*) as demo from users where email = 'demo@poisha.app'").get()).toEqual({ demo: 1 });
    } finally {
      file.close();
    }
  });

  it('seed refuses when NODE_ENV=production, before touching any database', () => {
    const dir = dataDir();
    const refused = run('seed.ts', { DATA_DIR: dir, NODE_ENV: 'production' });
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('npm run seed is refused when NODE_ENV=production');
    expect(fs.existsSync(path.join(dir, 'poisha.sqlite'))).toBe(false);
  });

  it('migrate refuses settings the server would refuse, naming them', () => {
    const refused = run('migrate.ts', { DATA_DIR: dataDir(), DATABASE_URL: 'mysql://x' });
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('DATABASE_URL: must start with postgres://');
  });
});
