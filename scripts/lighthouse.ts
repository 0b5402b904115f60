/**
 * Lighthouse (the npm package) in Debian's Chromium, headless, with its default mobile emulation,
 * on the built web app served by the real server on a fresh demo database: /, /login, and
 * /dashboard signed in as the demo user (the session cookie is handed to Lighthouse as a header).
 * It prints the performance, accessibility and best-practices scores of each page, writes the
 * HTML reports to test-results/lighthouse/, and exits with status 1 when a page is under the
 * targets (performance 95, accessibility 100, best practices 95). Not part of npm test (slow).
 *
 *   npm run build && npm run lighthouse [-- --port 3391] [--runs 1]
 *
 * With --runs N each page is measured N times and the median score is kept (a busy machine
 * moves the performance score).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const { values } = parseArgs({ options: { port: { type: 'string', default: '3391' }, runs: { type: 'string', default: '1' } } });
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = path.join(root, 'test-results', 'lighthouse');
const DEMO = { email: 'demo@poisha.app', password: 'demo-pass-123' };
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 } as const;
type Category = keyof typeof TARGETS;

if (!fs.existsSync(path.join(root, 'apps', 'web', 'dist', 'index.html'))) {
  console.error('No apps/web/dist: run "npm run build" first.');
  process.exit(2);
}

async function waitForHealth(base: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server at ${base} did not become healthy`);
}

/** Signs the demo user in over the API and returns the cookies as one Cookie header. */
async function demoSessionCookie(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO) });
  if (!response.ok) throw new Error(`Signing in the demo user failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? 0;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'poisha-lighthouse-'));
const base = `http://127.0.0.1:${values.port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  // A fresh SQLite database with the demo data (the default seed), as `npm start` makes.
  env: { ...process.env, PORT: values.port, HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
});

let chrome: chromeLauncher.LaunchedChrome | null = null;
let failed = false;
try {
  await waitForHealth(base);
  const cookie = await demoSessionCookie(base);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  fs.mkdirSync(reportDir, { recursive: true });
  const pages = [
    { name: 'landing', url: `${base}/`, headers: undefined },
    { name: 'login', url: `${base}/login`, headers: undefined },
    { name: 'dashboard', url: `${base}/dashboard`, headers: { Cookie: cookie } },
  ];
  const rows: string[] = [];
  for (const page of pages) {
    const scores: Record<Category, number[]> = { performance: [], accessibility: [], 'best-practices': [] };
    for (let run = 0; run < Number(values.runs); run += 1) {
      const result = await lighthouse(
        page.url,
        { port: chrome.port, output: 'html', logLevel: 'error', onlyCategories: Object.keys(TARGETS), extraHeaders: page.headers },
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
      if (result.lhr.finalDisplayedUrl !== page.url) throw new Error(`${page.url} ended on ${result.lhr.finalDisplayedUrl} (not signed in?)`);
      for (const category of Object.keys(TARGETS) as Category[]) scores[category].push(Math.round((result.lhr.categories[category]?.score ?? 0) * 100));
      fs.writeFileSync(path.join(reportDir, `${page.name}.html`), String(result.report));
      for (const audit of Object.values(result.lhr.audits)) {
        if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual') {
          console.error(`  ${page.name}: ${audit.id} ${Math.round(audit.score * 100)} ${audit.displayValue ?? ''}`);
        }
      }
    }
    const kept = Object.fromEntries((Object.keys(TARGETS) as Category[]).map((category) => [category, median(scores[category])])) as Record<Category, number>;
    const misses = (Object.keys(TARGETS) as Category[]).filter((category) => kept[category] < TARGETS[category]);
    if (misses.length > 0) failed = true;
    rows.push(`  ${page.url.replace(base, '').padEnd(12)} performance ${String(kept.performance).padStart(3)}  accessibility ${String(kept.accessibility).padStart(3)}  best practices ${String(kept['best-practices']).padStart(3)}${misses.length ? `  under target: ${misses.join(', ')}` : ''}`);
  }
  const print = (line: string) => process.stdout.write(`${line}\n`);
  print(`Lighthouse (mobile emulation, Chromium headless), median of ${values.runs} run(s) per page:`);
  for (const row of rows) print(row);
  print(`Reports: ${path.relative(root, reportDir)}/`);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.error(`Under target (performance ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS['best-practices']}).`);
  process.exit(1);
}
