import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { settle, signedInWithData } from './a11y-helpers';
import { scaledTimeout } from '../playwright.config';
import { expect, signedIn, test } from './fixtures';

/**
 * What the landing page downloads, read from the build's own manifest (build.manifest in
 * apps/web/vite.config.ts) rather than guessed from file names: no code of the signed-in app, no
 * schema code for a visitor, and the texts of the reader's language only.
 */

// Each test signs up and fills a wallet, then visits many screens: more than the default 30 s under load.
test.describe.configure({ timeout: scaledTimeout(90_000) });

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// The server under test serves WEB_DIST_DIR when it is set (see apps/api), else apps/web/dist.
const dist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, 'apps', 'web', 'dist');

function readManifest(): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No ${file}: build the web app first (npm run build -w @poisha/web).`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The chunks a module needs before it runs: itself and its static imports, recursively. */
function closure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) continue;
    into.add(key);
    closure(manifest, chunk.imports ?? [], into);
  }
  return into;
}

/** Sources of the signed-in app: its layout, and the features only signed-in screens use. */
const signedInSource = /^src\/(app\/layouts\/DashboardLayout\.tsx|features\/(dashboard|transfers|statement|account|deposits|banks)\/)/;
/** Namespaces only signed-in or sign-in screens use. */
const signedInTexts = /^src\/locales\/\w+\/(dashboard|transfers|statement|account|deposits|auth)\.json$/;

/**
 * Records every text that looks like a translation key ("login.title") and appears in the page at
 * any moment, from the first paint on: a flash of untranslated keys, however short, is caught.
 */
async function watchForKeys(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { translationKeysSeen: string[] }).translationKeysSeen = seen;
    const looksLikeKey = /^[a-z][a-zA-Z]*(\.[a-zA-Z][\w-]*)+$/;
    const check = (node: Node) => {
      const text = node.textContent?.trim() ?? '';
      if (node.nodeType === Node.TEXT_NODE && looksLikeKey.test(text)) seen.push(text);
      if (node.nodeType === Node.ELEMENT_NODE) {
        const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
        for (let current = walker.nextNode(); current; current = walker.nextNode()) {
          const value = current.textContent?.trim() ?? '';
          if (looksLikeKey.test(value)) seen.push(value);
        }
      }
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (mutation.type === 'characterData') check(mutation.target);
        mutation.addedNodes.forEach(check);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { translationKeysSeen: string[] }).translationKeysSeen);
}

/** Every script the page requests, as paths of the built app (assets/…). */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.replace(/^\//, ''));
  });
  return scripts;
}

test('visiting / downloads none of the signed-in app and only the texts of the reader’s language', async ({ browser }) => {
  const manifest = readManifest();
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  expect(entry, 'the manifest has an entry').toBeTruthy();
  const fileOf = (key: string) => manifest[key]?.file ?? key;

  // Chunks the landing page shares with the dashboard (React, the router…) are fine: exclude what / itself needs.
  const landing = closure(manifest, [entry ?? '', 'src/features/public/pages/HomePage.tsx']);
  // What the home page loads itself after its first render (the schemas its reviews and GET LINK
  // form validate with) belongs to the landing page too.
  const homeDynamic = manifest['src/features/public/pages/HomePage.tsx']?.dynamicImports ?? [];
  closure(manifest, homeDynamic, landing);
  const signedIn = closure(manifest, Object.keys(manifest).filter((key) => signedInSource.test(key)));
  const signedInOnly = new Set([...signedIn].filter((key) => !landing.has(key)).map(fileOf));
  expect(signedInOnly.size, 'the signed-in app has chunks of its own').toBeGreaterThan(0);
  const sessionSchema = Object.keys(manifest).filter((key) => key.endsWith('features/auth/api/session-schema.ts')).map(fileOf);

  for (const language of ['en', 'bn'] as const) {
    const context = await browser.newContext();
    await context.addInitScript((code) => window.localStorage.setItem('poisha.language', code), language);
    const page = await context.newPage();
    const scripts = recordScripts(page);
    const keysSeen = await watchForKeys(page);
    await page.goto('/');
    // The prerendered page loads the app when the visitor starts to use it (landing-budget.spec.ts): move the mouse.
    await page.mouse.move(5, 5);
    await settle(page);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    expect(await keysSeen(), `${language}: translation keys shown while loading`).toEqual([]);

    expect(scripts.filter((file) => signedInOnly.has(file)), `${language}: chunks of the signed-in app`).toEqual([]);
    expect(scripts.filter((file) => sessionSchema.includes(file)), `${language}: a visitor needs no session schema`).toEqual([]);

    const texts = Object.keys(manifest).filter((key) => key.startsWith('src/locales/'));
    const requestedTexts = texts.filter((key) => scripts.includes(fileOf(key)));
    expect(requestedTexts.filter((key) => !key.startsWith(`src/locales/${language}/`)), `${language}: texts of the other language`).toEqual([]);
    expect(requestedTexts.filter((key) => signedInTexts.test(key)), `${language}: texts of signed-in screens`).toEqual([]);
    expect(requestedTexts, `${language}: the common and public texts`).toEqual(expect.arrayContaining([`src/locales/${language}/common.json`, `src/locales/${language}/public.json`]));
    await context.close();
  }
});

/**
 * The scripts of a page that carry the password-strength estimator's common-password list
 * (contracts/src/password-estimator.ts, in a worker), found by one of its entries: 1.3 MB, 540 kB
 * with Brotli, seconds on a slow phone network.
 */
function recordPasswordList(page: Page): () => Promise<string[]> {
  const reads: Promise<string | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reads.push(response.text().then((body) => (body.includes('trustno1') ? new URL(response.url()).pathname : null), () => null));
  });
  return async () => (await Promise.all(reads)).filter((file): file is string => file !== null);
}

test('only a form that sets a password downloads the common-password list: not the dashboard, not the login page', async ({ browser }) => {
  // Sign-up checks a new password against it: the list is there (so the check below can fail).
  const visitor = await browser.newContext();
  const signupPage = await visitor.newPage();
  const signupScripts = recordPasswordList(signupPage);
  await signupPage.goto('/signUp');
  await settle(signupPage);
  expect(await signupScripts(), 'sign-up has the list').toHaveLength(1);

  // The login page checks no new password: submitted empty, its validation (and the app) has loaded.
  const loginPage = await visitor.newPage();
  const loginScripts = recordPasswordList(loginPage);
  await loginPage.goto('/login');
  await loginPage.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(loginPage.getByText('Please Enter Your Email Address')).toBeVisible();
  await settle(loginPage);
  expect(await loginScripts(), '/login').toEqual([]);
  await visitor.close();

  const member = await browser.newContext();
  const dashboard = await member.newPage();
  await signedIn(dashboard);
  const dashboardScripts = recordPasswordList(dashboard);
  await dashboard.goto('/dashboard');
  await settle(dashboard);
  expect(await dashboardScripts(), '/dashboard').toEqual([]);
  await member.close();
});

test('the language switch loads the other language’s texts and shows them at once', async ({ page }) => {
  const scripts = recordScripts(page);
  const keysSeen = await watchForKeys(page);
  await page.goto('/login');
  await settle(page);
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Log in to Poisha');
  await page.getByRole('button', { name: 'বাংলা' }).first().click();
  await expect(heading).toHaveText('পয়সায় লগ ইন করুন');
  // No key (such as "login.title") showed at any moment, while English or Bangla texts loaded.
  expect(await keysSeen()).toEqual([]);
  const manifest = readManifest();
  expect(scripts).toContain(manifest['src/locales/bn/auth.json']?.file);
});

test('signed-in screens never show a translation key, in English or after switching to Bangla', async ({ page, playwright, baseURL }) => {
  const keysSeen = await watchForKeys(page);
  await signedInWithData(page, playwright, baseURL ?? '');
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const path of ['/dashboard', '/dashboard/TransitionHistory', '/dashboard/BankTransfer']) {
    await page.goto(path);
    await settle(page);
  }
  await page.getByRole('button', { name: 'বাংলা' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.getByRole('navigation', { name: 'ড্যাশবোর্ড' }).getByRole('link').nth(2).click();
  await settle(page);
  expect(await keysSeen()).toEqual([]);
});
