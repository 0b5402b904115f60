import type { Page } from '@playwright/test';
import { expect, logIn, signedIn, test } from './fixtures';

/** Ends the session behind the app's back, as a password reset on another device would. */
async function endSessionElsewhere(page: Page): Promise<void> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'poisha_csrf')?.value ?? '';
  const logout = await page.request.post('/api/v1/auth/logout', { headers: { 'x-csrf-token': csrf } });
  expect(logout.status()).toBe(204);
}

test('when the server ends the session, the next call sends the user to login and back', async ({ page }) => {
  const user = await signedIn(page);
  // The settings screen's requests (its security activity, and the bell's first poll once the
  // screen has painted) are answered before the session ends, so the call that meets the ended
  // session is the one made below. A poll sent after the logout would get there first (next test).
  const settled = Promise.all(
    ['/api/v1/me/security-events', '/api/v1/notifications/unread-count'].map((path) => page.waitForResponse((response) => response.url().includes(path))),
  );
  await page.goto('/dashboard/Setting');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Setting' })).toBeVisible();
  await settled;

  await endSessionElsewhere(page);

  // Opening the dashboard home asks for the balance, which now answers 401.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();

  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a background poll that meets the ended session sends the user to login too', async ({ page }) => {
  await signedIn(page);
  // The bell's first poll is held until the session has ended (as on a slow phone, or when the
  // session ends between two polls): nothing the person does is needed for the app to notice.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/notifications/unread-count', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard/Setting');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Setting' })).toBeVisible();

  await endSessionElsewhere(page);
  release();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
});

test('public pages do not download the dashboard code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const route of ['/', '/login', '/signUp', '/aboutUs']) {
    await page.goto(route);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => /Dashboard|UpcomingScreen/.test(script))).toEqual([]);
});

test('a signed-in visit downloads the dashboard code while the session is checked, not after', async ({ page }) => {
  await signedIn(page);
  // A page without the session in it (decision 0021), as the offline shell or an older server sends:
  // the app checks the session itself.
  await page.route('**/dashboard', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script type="application\/json" id="poisha-session">[^<]*<\/script>/, '');
    await route.fulfill({ response, body: html });
  });
  // The session check takes a while (a slow network): the page's code must not wait for its answer.
  let sessionAnswered = false;
  await page.route('**/api/v1/auth/session', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const response = await route.fetch();
    sessionAnswered = true;
    await route.fulfill({ response });
  });
  const early: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && !sessionAnswered) early.push(new URL(request.url()).pathname);
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(sessionAnswered).toBe(true);
  expect(early.filter((script) => /\/(DashboardLayout|DashboardHome)-/.test(script)).length, early.join('\n')).toBe(2);
});

test('a visitor without a session does not download the dashboard code on the way to login', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.filter((script) => /\/(DashboardLayout|DashboardHome)-/.test(script))).toEqual([]);
});

test('the app never keeps the session token in web storage', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'poisha_session');
  expect(session?.httpOnly).toBe(true);
  expect(stored).not.toContain(session?.value ?? 'no session cookie');
});
