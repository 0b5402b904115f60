import type { Page, Request } from '@playwright/test';
import { expect, newestMailTo, test, type TestUser } from './fixtures';
import { newRecipient } from './ledger-helpers';

/**
 * Issue 24, defect 2: on a 2G-like line a prerendered form filled and sent before the page's script
 * had arrived was submitted by the browser itself, as a GET: the password ended up in the address
 * bar and the history, and the visitor was not signed in. Every prerendered form, on a throttled
 * line, with the page's script held back until the form has been sent.
 */

/** Chromium slowed to the line of the report: 300 ms of latency, 250 kbit/s each way. */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (250 * 1024) / 8;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
}

/** Holds the page's only script at load (boot.ts) until `release` is called. */
async function holdPageScript(page: Page, pathname: string): Promise<() => void> {
  const html = await (await page.request.get(pathname)).text();
  const script = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!script) throw new Error(`${pathname} has no module script`);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${script}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Every request the page makes, to look for what was typed where it must never be. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

/**
 * Opens `pathname` with its script held, fills and sends its form (`send`), checks that the browser
 * did not submit it itself, then lets the script in. Every request the page made is returned.
 */
async function sendBeforePageScript(page: Page, baseURL: string | undefined, pathname: string, send: () => Promise<void>): Promise<Request[]> {
  const release = await holdPageScript(page, pathname);
  const requests = recordRequests(page);
  await page.goto(pathname, { waitUntil: 'commit' });
  await send();
  // Time for the browser to have navigated, had it submitted the form itself.
  await page.waitForTimeout(1_500);
  expect(page.url()).toBe(`${baseURL}${pathname}`);
  release();
  return requests;
}

async function fillLogin(page: Page, user: TestUser) {
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
}

function expectNeverSent(requests: Request[], secrets: string[]) {
  for (const request of requests) {
    const url = decodeURIComponent(request.url().replace(/\+/g, ' '));
    for (const secret of secrets) expect(url, `${request.method()} ${request.url()}`).not.toContain(secret);
    // The form's own fields only ever go to the API, as JSON: never to a page.
    if (request.method() === 'POST') expect(new URL(request.url()).pathname).toMatch(/^\/api\//);
  }
}

test.beforeEach(async ({ page }) => {
  await throttle(page);
});

test('login sent with Enter before the page script arrived: no password in any address, and the user is signed in', async ({ page, playwright, baseURL }) => {
  const user = await newRecipient(playwright, baseURL ?? '');
  const requests = await sendBeforePageScript(page, baseURL, '/login', async () => {
    await fillLogin(page, user);
    await page.getByLabel('Password', { exact: true }).press('Enter');
  });

  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  expect((await page.request.get('/api/v1/auth/session')).status()).toBe(200);
  expectNeverSent(requests, [user.password, 'password=']);
  expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);
});

test('login by a click on its button before the page script arrived signs the user in', async ({ page, playwright, baseURL }) => {
  const user = await newRecipient(playwright, baseURL ?? '');
  const requests = await sendBeforePageScript(page, baseURL, '/login', async () => {
    await fillLogin(page, user);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  });

  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  expectNeverSent(requests, [user.password, 'password=']);
});

test('the contact form sent before the page script arrived sends the message, not a page load', async ({ page, baseURL }) => {
  const token = `early-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const requests = await sendBeforePageScript(page, baseURL, '/contactUs', async () => {
    await page.getByLabel('Your Name').fill('Shirin Sultana');
    await page.getByLabel('Message', { exact: true }).fill(`Reference ${token} has not arrived.`);
    await page.getByLabel('Your Email').fill(`${token}@example.com`);
    await page.getByLabel('Your Email').press('Enter');
  });

  await expect(page.getByRole('heading', { name: 'Mail Sent' })).toBeVisible({ timeout: 30_000 });
  expectNeverSent(requests, [token]);
});

test('GET LINK sent before the page script arrived e-mails the link, not a page load', async ({ page, baseURL }) => {
  const address = `early-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const requests = await sendBeforePageScript(page, baseURL, '/', async () => {
    await page.getByLabel('Get the link to Poisha by e-mail').fill(address);
    await page.getByLabel('Get the link to Poisha by e-mail').press('Enter');
  });

  await expect(page.getByRole('status').filter({ hasText: address })).toBeVisible({ timeout: 30_000 });
  expectNeverSent(requests, [address.split('@')[0] ?? address]);
  expect(await newestMailTo(address)).toContain(`${baseURL}/`);
});

test('a page form the browser sent by itself is answered 303 back to the page, its body unread', async ({ request, baseURL }) => {
  const response = await request.post('/login?next=1', { form: { email: 'someone@example.com', password: 'a secret one' }, maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe('/login');
  const open = await request.post(`${baseURL}//evil.example/login`, { form: { a: 'b' }, maxRedirects: 0 });
  expect(open.headers().location).toBe('/evil.example/login');
});
