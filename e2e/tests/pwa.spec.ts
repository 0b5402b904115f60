import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page, Request, Response } from '@playwright/test';
import { scaledTimeout } from '../playwright.config';
import { expect, formatCents, signedIn, test, typePaymentPin } from './fixtures';
import { newRecipient } from './ledger-helpers';

// This spec alone lets the production build's service worker register (the config blocks it).
test.use({ serviceWorkers: 'allow' });

const WELCOME_BONUS = 100_000;

/** Waits until the service worker has installed (its precache complete) and controls the page. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { message: 'the page is controlled by the service worker' }).toBe(true);
}

const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');

test('the manifest and service worker make the app installable (Chrome\'s own installability check)', async ({ playwright, baseURL }, testInfo) => {
  // Chrome never offers to install from an incognito profile, and every test context is one: this
  // check runs in a browser with a profile of its own, launched as the config launches Chromium.
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'poisha-pwa-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL, serviceWorkers: 'allow' });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    // The prerendered landing page starts the app (which registers the worker) on first use.
    await page.mouse.move(20, 20);
    await waitForServiceWorker(page);

    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      name: string; short_name: string; start_url: string; display: string; theme_color: string; icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ short_name: 'Poisha', start_url: '/dashboard', display: 'standalone', theme_color: '#006a4e' });
    for (const wanted of ['192x192 any', '512x512 any', '512x512 maskable']) {
      const icon = manifest.icons.find((candidate) => `${candidate.sizes} ${candidate.purpose}` === wanted);
      expect(icon, wanted).toBeDefined();
      const image = await page.request.get(icon?.src ?? '');
      expect(image.headers()['content-type']).toBe('image/png');
    }

    // What Lighthouse's installable-manifest audit asked Chrome: an empty list means installable.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    await fs.rm(profile, { recursive: true, force: true });
  }
});

test('the service worker serves the app shell but never answers, caches or replays an API request or a POST', async ({ page, context, playwright, baseURL }) => {
  test.setTimeout(scaledTimeout(60_000));
  const bob = await newRecipient(playwright, baseURL ?? '');
  await signedIn(page);
  await page.goto('/dashboard');
  await waitForServiceWorker(page);

  const responses: Response[] = [];
  const byServiceWorker: Request[] = [];
  page.on('response', (response) => responses.push(response));
  context.on('request', (request) => {
    if (request.serviceWorker()) byServiceWorker.push(request);
  });

  // Reloaded under the service worker's control: the shell's code comes from its cache...
  await page.reload();
  await page.goto('/dashboard/sendMoney');
  await expect(page.getByTestId('wallet-balance')).toHaveText(formatCents(WELCOME_BONUS));
  expect(responses.some((response) => response.url().includes('/assets/') && response.fromServiceWorker()), 'an asset served from the precache').toBe(true);

  // ...and a transfer goes to the network once, from the page, with nothing answered by the worker.
  await page.getByLabel('Receiver Number').fill(bob.phone);
  await page.getByLabel('Amount (USD)').fill('9');
  await page.getByLabel('Reference').fill('77');
  await page.getByRole('button', { name: 'Send Money' }).click();
  await typePaymentPin(page.getByRole('dialog', { name: 'Confirm sending money' }));
  await page.getByRole('dialog', { name: 'Confirm sending money' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog', { name: 'Done' })).toContainText('Total $9.00 Successfully sent');

  // Reload again: had anything kept a GET /api answer, this balance would be the old one.
  await page.goto('/dashboard/sendMoney');
  await expect(page.getByTestId('wallet-balance')).toHaveText(formatCents(WELCOME_BONUS - 900));

  const apiResponses = responses.filter((response) => isApi(response.url()));
  expect(apiResponses.filter((response) => response.request().method() === 'GET').length).toBeGreaterThan(0);
  expect(apiResponses.filter((response) => response.fromServiceWorker()).map((response) => response.url())).toEqual([]);
  const posts = responses.filter((response) => response.request().method() !== 'GET');
  expect(posts.map((response) => `${response.request().method()} ${new URL(response.url()).pathname}`)).toEqual(['POST /api/v1/transfers']);
  expect(posts.filter((response) => response.fromServiceWorker())).toEqual([]);
  // The worker itself fetched no API path and sent no POST (it fetches only shell files and pages).
  expect(byServiceWorker.filter((request) => isApi(request.url()) || request.method() !== 'GET').map((request) => request.url())).toEqual([]);

  // Sent once: the server's balance, read outside the browser.
  const me = (await (await page.request.get('/api/v1/me')).json()) as { balance: { amount: number } };
  expect(me.balance.amount).toBe(WELCOME_BONUS - 900);
});

test('offline, the stored shell opens and says so; money buttons wait for the network', async ({ page, context }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signedIn(page);
  await page.goto('/dashboard/sendMoney');
  await waitForServiceWorker(page);
  await expect(page.getByTestId('wallet-balance')).toBeVisible();

  // Losing the network on an open screen: the banner, and Send Money held.
  await context.setOffline(true);
  await expect(page.getByText('You are offline. Poisha opens')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Money' })).toBeDisabled();

  // Opened without a network: the shell comes from the service worker and says it is offline,
  // instead of a spinner that never ends.
  await page.reload();
  await expect(page.getByText('You are offline. Poisha opens')).toBeVisible();
  await expect(page.getByText('This screen needs a connection')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Checking your session' })).toHaveCount(0);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR ?? path.resolve('test-results', 'shots'), 'en-360_offline_dashboard_sendMoney.png') });

  // Back online: the waiting screen loads by itself.
  await context.setOffline(false);
  await expect(page.getByTestId('wallet-balance')).toHaveText(formatCents(WELCOME_BONUS));
  await expect(page.getByText('You are offline. Poisha opens')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Send Money' })).toBeEnabled();
});
