/**
 * How much JavaScript a first visit to the landing page (/) downloads, gzipped, measured in a real
 * browser: it starts the server on the built web app (apps/web/dist) with a fresh database, opens /
 * in Chromium (no cache, no interaction) until the network is idle, and adds up every JavaScript
 * response, each gzipped at level 9 (the server sends the build's Brotli copy to a browser that
 * accepts it, a little smaller; gzip is the figure the budget is in). It exits with status 1 above the budget (80 kB by default).
 *
 *   npm run build && npm run size:landing [-- --max-kb 80] [--url http://127.0.0.1:3000] [--json]
 *
 * With --url it measures a server that is already running instead of starting one.
 * e2e/tests/landing-budget.spec.ts enforces the same budget in npm test.
 */
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { requireWebBuild, startDemoServer } from './demo-server.js';

const { values } = parseArgs({
  options: { json: { type: 'boolean', default: false }, 'max-kb': { type: 'string', default: '80' }, url: { type: 'string' }, port: { type: 'string', default: '3390' } },
});

const budgetBytes = Number(values['max-kb']) * 1000;


async function startServer(): Promise<{ base: string; stop: () => void }> {
  requireWebBuild();
  const server = startDemoServer(values.port, 'landing-size');
  try {
    await server.ready();
  } catch (error) {
    server.stop();
    throw error;
  }
  return server;
}

const server = values.url ? { base: values.url.replace(/\/$/, ''), stop: () => undefined } : await startServer();
const rows: { file: string; raw: number; gzip: number }[] = [];
try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    pending.push(
      response.body().then((body) => {
        rows.push({ file: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      }),
    );
  });
  await page.goto(`${server.base}/`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await browser.close();
} finally {
  server.stop();
}

rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 });
const print = (line: string) => process.stdout.write(`${line}\n`);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

if (values.json) {
  print(JSON.stringify({ files: rows, total, budget: budgetBytes }, null, 2));
} else {
  print(`JavaScript a first visit to / downloads in Chromium (until the network is idle), from ${server.base}:`);
  for (const row of rows) print(`  ${row.file.padEnd(44)} ${kB(row.raw).padStart(10)} raw ${kB(row.gzip).padStart(10)} gzip`);
  print(`  ${'total'.padEnd(44)} ${kB(total.raw).padStart(10)} raw ${kB(total.gzip).padStart(10)} gzip (budget ${kB(budgetBytes)})`);
  print(`landing-js-gzip-bytes ${total.gzip}`);
}
if (rows.length === 0) {
  console.error('No JavaScript response at all: the page did not load its script.');
  process.exit(1);
}
if (total.gzip > budgetBytes) {
  console.error(`Over budget: ${total.gzip} gzipped bytes > ${budgetBytes}.`);
  process.exit(1);
}
