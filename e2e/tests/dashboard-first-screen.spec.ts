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
    /** The Intl formatters the page built before the balance showed (recorded by the test). */
    intlBuiltBeforeBalance?: string[];
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

/**
 * Building an Intl formatter loads ICU data for its locale: on a 4x slowed CPU the first one took
 * 94–264 ms of one render in a profile of this screen (scripts/profile-dashboard.ts), when the
 * layout built a date formatter for the footer's year and every money amount its own formatter
 * (docs/decisions/0039-dashboard-first-screen-profile.md). Formatters are kept per locale and options:
 * the screen builds one for digits (the footer's year), one for money and one for country names.
 */
const INTL_FORMATTERS_BEFORE_BALANCE = 3;

test('the first screen builds at most three Intl formatters, and every script it runs was preloaded by the page', async ({ page }) => {
  await signedIn(page);
  await page.addInitScript(() => {
    const built: string[] = [];
    window.intlBuiltBeforeBalance = built;
    let counting = true;
    for (const name of ['NumberFormat', 'DateTimeFormat', 'DisplayNames', 'PluralRules', 'RelativeTimeFormat'] as const) {
      const original = Intl[name] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(original, {
        construct(target, args, newTarget) {
          if (counting) built.push(`${name}(${JSON.stringify(args)})`);
          return Reflect.construct(target, args, newTarget) as object;
        },
      });
    }
    const observer = new MutationObserver(() => {
      if (document.querySelector('[data-testid="home-balance"]')) {
        counting = false;
        window.balanceShownAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });

  await page.goto('/dashboard');
  await expect(page.getByTestId('home-balance')).toHaveText('$1,000.00');
  const { built, shownAt, requests, preloaded } = await page.evaluate(() => ({
    built: window.intlBuiltBeforeBalance ?? [],
    shownAt: window.balanceShownAt ?? Number.POSITIVE_INFINITY,
    requests: performance.getEntriesByType('resource').map((entry) => ({ url: new URL(entry.name).pathname, startTime: entry.startTime })),
    preloaded: Array.from(document.querySelectorAll('link[rel="modulepreload"], script[src]')).map((element) => new URL(element.getAttribute('href') ?? element.getAttribute('src') ?? '', location.href).pathname),
  }));
  expect(built.length, built.join('\n')).toBeLessThanOrEqual(INTL_FORMATTERS_BEFORE_BALANCE);

  // The page names its first screen's scripts, so the browser fetches them all with it rather than
  // one hop after another (the entry, the app, the layout and home, the texts).
  const scripts = requests.filter((request) => request.startTime < shownAt && request.url.startsWith('/assets/') && request.url.endsWith('.js')).map((request) => request.url);
  expect(scripts.length).toBeGreaterThan(3);
  expect(scripts.filter((url) => !preloaded.includes(url))).toEqual([]);
});

test('a signed-out visit to the dashboard gets the plain page and is sent to the sign-in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
