import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, signedIn, test } from './fixtures';

/**
 * The dashboard's first screen of a signed-in visitor (docs/decisions/0021-session-in-the-page.md,
 * docs/benchmarks.md "Lighthouse"): the page brings the session, so the balance shows without an
 * API round trip, and nothing downloaded before it is zod or the phone-number library (the panels
 * that need them load after the screen has painted).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// The server under test serves WEB_DIST_DIR when it is set (see apps/api), else apps/web/dist.
const dist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, 'apps', 'web', 'dist');

/** Text that only the built code of zod and of libphonenumber-js holds. */
const HEAVY_LIBRARIES = { zod: 'ZodError', 'the phone-number library': 'country_calling_codes' } as const;

declare global {
  interface Window {
    /** performance.now() when the home's balance was first in the page (recorded by the test). */
    balanceShownAt?: number;
  }
}

test('a signed-in dashboard shows the balance from its page: no API request, zod or phone-number library before it', async ({ page }) => {
  await signedIn(page);
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="home-balance"]')) {
        window.balanceShownAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });

  await page.goto('/dashboard');
  await expect(page.getByTestId('home-balance')).toHaveText('$1,000.00');
  // The panels still come, after it.
  await expect(page.getByRole('region', { name: 'Latest transactions' })).toBeVisible();
  await expect(page.getByTestId('home-balance')).toHaveText('$1,000.00');

  const { shownAt, requests, dataLeft } = await page.evaluate(() => ({
    shownAt: window.balanceShownAt ?? Number.POSITIVE_INFINITY,
    requests: performance.getEntriesByType('resource').map((entry) => ({ url: new URL(entry.name).pathname, startTime: entry.startTime })),
    // The app takes the session out of the page once it has read it.
    dataLeft: document.getElementById('poisha-session') !== null,
  }));
  expect(dataLeft).toBe(false);
  const before = requests.filter((request) => request.startTime < shownAt).map((request) => request.url);
  expect(before.filter((url) => url.startsWith('/api/'))).toEqual([]);
  const scripts = before.filter((url) => url.startsWith('/assets/') && url.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    const code = fs.readFileSync(path.join(dist, url), 'utf8');
    for (const [library, marker] of Object.entries(HEAVY_LIBRARIES)) expect(code.includes(marker), `${url} (before the balance) holds ${library}`).toBe(false);
  }
  // Asked later, the session answers as the page said (the session check of a plain shell still works).
  expect((await page.request.get('/api/v1/auth/session')).status()).toBe(200);
});

test('a signed-out visit to the dashboard gets the plain page and is sent to the sign-in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
