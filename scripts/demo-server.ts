/**
 * The real server as `npm start` runs it (the TypeScript sources through tsx, the built web app) on
 * a fresh SQLite database with the demo data, for the scripts that measure pages in a browser: the
 * landing page's JavaScript, Lighthouse, the dashboard's profile.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForHealth } from '../apps/api/src/test/server-process.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The demo user the default seed makes. */
export const DEMO_USER = { email: 'demo@poisha.app', password: 'demo-pass-123' };

/** Ends the script with status 2 when there is no web build to serve. */
export function requireWebBuild(): void {
  if (!fs.existsSync(path.join(repoRoot, 'apps', 'web', 'dist', 'index.html'))) {
    console.error('No apps/web/dist: run "npm run build" first.');
    process.exit(2);
  }
}

export interface DemoServer {
  base: string;
  /** Waits until the server answers (a minute at most). */
  ready: () => Promise<void>;
  /** Ends the server and removes its database. */
  stop: () => void;
}

/** Starts the server on 127.0.0.1:`port`, its data in a new temporary folder named after `name`. */
export function startDemoServer(port: string, name: string): DemoServer {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `poisha-${name}-`));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    // A fresh SQLite database with the demo data (the default seed), as `npm start` makes.
    env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
  });
  // Whatever ends this process (an error thrown outside the caller's try too) ends the server with it.
  process.on('exit', () => server.kill('SIGTERM'));
  return {
    base,
    ready: () => waitForHealth(base, 60_000),
    stop: () => {
      server.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs the demo user in over the API and answers the cookies it set, for a browser's cookie jar
 * (the app reads the CSRF cookie from document.cookie, so a Cookie header alone is not enough).
 */
export async function demoSessionCookies(base: string) {
  const response = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_USER) });
  if (!response.ok) throw new Error(`Signing in the demo user failed: ${response.status} ${await response.text()}`);
  const { hostname } = new URL(base);
  return response.headers.getSetCookie().map((header) => {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    return {
      name: pair.slice(0, separator),
      value: pair.slice(separator + 1),
      domain: hostname,
      path: '/',
      httpOnly: attributes.some((attribute) => attribute.toLowerCase() === 'httponly'),
      sameSite: 'Lax' as const,
    };
  });
}
