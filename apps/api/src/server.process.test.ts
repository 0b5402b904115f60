import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

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

async function waitForHealth(port: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start`);
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

describe('the server process', () => {
  it('runs as two copies with their own PORT and DATA_DIR without disturbing each other', async () => {
    const base = 41_000 + Math.floor(Math.random() * 8000);
    const [dirA, dirB] = [tempDir(), tempDir()];
    startServer({ PORT: String(base), DATA_DIR: dirA });
    startServer({ PORT: String(base + 1), DATA_DIR: dirB });
    await Promise.all([waitForHealth(base), waitForHealth(base + 1)]);

    const signup = await fetch(`http://127.0.0.1:${base}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Copy A', email: 'copy@example.com', password: 'long enough', phone: '01712345600' }),
    });
    expect(signup.status).toBe(201);
    const loginOnB = await fetch(`http://127.0.0.1:${base + 1}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'copy@example.com', password: 'long enough' }),
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
});
