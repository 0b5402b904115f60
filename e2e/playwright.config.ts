import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { BUNDLE_FLAGS } from '../apps/api/src/node-flags';

/**
 * The server as `npm run start:prod` runs it, by the Node running these tests (the project's Node 24,
 * decision 0040) whatever PATH the shell that runs the command finds first.
 */
const startServer = `${JSON.stringify(process.execPath)} ${BUNDLE_FLAGS.join(' ')} apps/api/dist/server.js`;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3100);
/** A fresh SQLite database and mail outbox for every run, known to the tests that read mail. */
export const e2eDataDir = path.join(root, 'test-results', `e2e-data-${port}`);
/**
 * A second server, on the next port, with the production defaults for sign-up: e-mail verification
 * required and 5 sign-ups per address an hour (email-verification.spec.ts).
 */
export const verificationPort = port + 1;
export const verificationDataDir = path.join(root, 'test-results', `e2e-data-${verificationPort}`);

/**
 * How much longer a wait may take than it does on a fast day. These 2-core machines' speed moves
 * from day to day: the browser suite took 8.8 min on 2026-11-27's afternoon and 26.9 min in that
 * night's CI run, where three tests ran out of time while doing nothing wrong; on 2026-11-28's
 * slow machine the same commit that passed in 12.6 min the day before failed 4 of 15 tests of
 * idle, session, statement and landing-hydration with 4 workers, on 7-second waits. A timeout
 * guards against a hang, not against a slow machine (speed has its own tests: `npm run bench`,
 * landing-budget.spec.ts, `npm run lighthouse`), so a plain `npm test` waits as long as CI does.
 */
const TIME_SCALE = 3;

/** A timeout in milliseconds as measured on a fast day, scaled for a slow one. */
export function scaledTimeout(milliseconds: number): number {
  return milliseconds * TIME_SCALE;
}

/**
 * Debian's Chromium, in two builds of the same engine and version. The headless shell (package
 * chromium-headless-shell, what Playwright itself runs headless) draws no browser window: the whole
 * suite takes a third less CPU than in the full browser. It moves a pointer onto the page as it
 * loads, though, which starts a prerendered page's app (boot.ts) before the visitor does anything;
 * the specs about a page before its first use run in the full browser, where the pointer is away.
 */
const fullChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const headlessShell = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : fullChromium);
const beforeFirstUse = ['**/landing-budget.spec.ts', '**/public-landing.spec.ts', '**/landing-header.spec.ts'];
const browserArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Browser tests at once. With 2, the 2 cores stood 45 % idle (vmstat): a test mostly waits, on the
 * server, then on the browser. Measured on 2026-11-28: the whole suite 12.9 min with 2 workers in the
 * full browser, 8.4 min with 4 in the headless shell, both cores then busy.
 */
const WORKERS = 4;

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, 'test-results', `playwright-${port}`),
  fullyParallel: true,
  workers: WORKERS,
  // CI retries a failed test once and reports it as flaky: on 2026-11-27's half-speed machine the
  // converter's first render once took over the 7 s expect timeout under two workers (3.7 s alone).
  retries: process.env.CI ? 1 : 0,
  timeout: scaledTimeout(30_000),
  expect: { timeout: scaledTimeout(7_000) },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The production build registers a service worker; a cached shell from an earlier build would
    // make other specs depend on what ran before. pwa.spec.ts allows it for its own tests.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'chromium', testIgnore: beforeFirstUse, use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: headlessShell, args: browserArgs } } },
    { name: 'chromium-full', testMatch: beforeFirstUse, use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: fullChromium, args: browserArgs } } },
  ],
  // The server as shipped: the bundle `npm run build` writes (`npm run test:e2e` builds first).
  webServer: [
    {
      command: `rm -rf "${e2eDataDir}" && ${startServer}`,
      cwd: root,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: scaledTimeout(60_000),
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: e2eDataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // WebAuthn takes no IP address as its relying party: passkeys.spec.ts opens the same
        // server as http://localhost (decision 0045).
        PASSKEY_ORIGIN: `http://localhost:${port}`,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        // The flows sign up many users from one address and move their welcome bonus at once;
        // the second server below and the API tests cover the defaults (decision 0012).
        EMAIL_VERIFICATION: 'off',
        SIGNUP_RATE_LIMIT: '0',
      },
    },
    {
      command: `rm -rf "${verificationDataDir}" && ${startServer}`,
      cwd: root,
      url: `http://127.0.0.1:${verificationPort}/api/health`,
      reuseExistingServer: false,
      timeout: scaledTimeout(60_000),
      env: {
        PORT: String(verificationPort),
        HOST: '127.0.0.1',
        DATA_DIR: verificationDataDir,
        PUBLIC_URL: `http://127.0.0.1:${verificationPort}`,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        SEED_DEMO_DATA: 'false',
        EMAIL_VERIFICATION: 'required',
        SIGNUP_RATE_LIMIT: '5',
      },
    },
  ],
});
