import type { Page } from '@playwright/test';
import { scaledTimeout } from '../playwright.config';
import { dashboardChildren, expect, formatCents, hasHorizontalScroll, redrawn, signedIn, test } from './fixtures';

const publicRoutes = ['/', '/login', '/signUp', '/signup', '/resetpassword', '/aboutUs', '/contactUs'];

const guardedRoutes = ['/dashboard', ...dashboardChildren.map((child) => `/dashboard/${child}`), '/addMoney', '/BankTransfer', '/sendMoney', '/addAccount'];

test('every public route renders for a visitor', async ({ page }) => {
  for (const route of publicRoutes) {
    await page.goto(route);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 }), route).toBeVisible();
    await expect(page.getByText('We could not find that page'), route).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Poisha' })).toBeVisible();
  }
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible();
});

test('guarded routes send a visitor to login', async ({ page }) => {
  for (const route of ['/dashboard', '/sendMoney', '/dashboard/Faqs']) {
    await page.goto(route);
    await expect(page, route).toHaveURL(/\/login$/);
  }
});

/**
 * Records the page's Content-Security-Policy violations. The browser reports one even when the
 * script catches the error (zod's new Function probe did, on every page with a form), and
 * Lighthouse's best-practices score counts each.
 */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

// In halves that run side by side: the whole list was 42 s, among the suite's last to finish.
const guardedHalves = [guardedRoutes.slice(0, Math.ceil(guardedRoutes.length / 2)), guardedRoutes.slice(Math.ceil(guardedRoutes.length / 2))];
for (const [index, routes] of guardedHalves.entries()) {
  test(`every guarded route renders for a signed-in user, without a CSP violation (part ${index + 1} of 2)`, async ({ page }) => {
    test.setTimeout(scaledTimeout(90_000));
    expect(routes.length).toBeGreaterThan(0);
    await signedIn(page);
    const violations = await recordCspViolations(page);
    for (const route of routes) {
      await page.goto(route);
      await expect(page, route).toHaveURL(new RegExp(`${route}$`));
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }), route).toBeVisible();
      await expect(page.getByText('We could not find that page'), route).toHaveCount(0);
      // The page's chunks (its forms' schemas among them) have loaded and run.
      await page.waitForLoadState('networkidle');
      expect.soft(await violations(), route).toEqual([]);
    }
  });
}

test('/dashboard/LogOut signs the user out', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/LogOut');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the side navigation marks the current page and its footer shows the user', async ({ page }) => {
  const user = await signedIn(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/CurrencyConvert');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Currency Converter' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(user.name)).toBeVisible();
  await expect(page.getByText('Bangladesh', { exact: true })).toBeVisible();

  // The balance shown is the wallet's, in dollars and cents.
  const me = (await (await page.request.get('/api/v1/me')).json()) as { balance: { amount: number } };
  await page.goto('/dashboard');
  await expect(page.getByText(formatCents(me.balance.amount), { exact: true })).toBeVisible();
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the dashboard menu opens the navigation and nothing scrolls sideways', async ({ page }) => {
    await signedIn(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);

    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav).toBeHidden();
    const menu = page.getByRole('button', { name: 'Open navigation' });
    await menu.click();
    await expect(nav).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close navigation' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await nav.getByRole('link', { name: 'Send Money' }).click();
    await expect(page).toHaveURL(/\/dashboard\/sendMoney$/);
    await expect(nav).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Send Money' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('public pages fit the screen and the top bar collapses into a menu', async ({ page }) => {
    for (const route of publicRoutes) {
      await page.goto(route);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      expect(await hasHorizontalScroll(page), route).toBe(false);
    }
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.click();
    const aboutLink = page.getByRole('banner').getByRole('link', { name: 'About Us' });
    await aboutLink.focus();
    await page.keyboard.press('Escape');
    await expect(aboutLink).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    await aboutLink.click();
    await expect(page).toHaveURL(/\/aboutUs$/);
  });
});

test('the language switch turns the page into Bangla and is remembered', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'বাংলা' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('পয়সায় লগ ইন করুন');
  await page.getByRole('button', { name: 'লগ ইন' }).last().click();
  await expect(page.getByText('অনুগ্রহ করে আপনার ইমেইল ঠিকানা দিন')).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.getByRole('button', { name: 'English' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to Poisha');
});

const sidewaysWidths = [360, 414, 768, 1024, 1280, 1440];
/**
 * At every width from a small phone to a wide screen, the page has no horizontal scroll: opened at
 * the narrowest and widened step by step (the page redraws for each width, as when a window is
 * resized), one page load per route.
 */
async function checkNoSidewaysScroll(page: Page, route: string) {
  for (const [index, width] of sidewaysWidths.entries()) {
    await page.setViewportSize({ width, height: 800 });
    if (index === 0) await page.goto(route);
    else await redrawn(page);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    expect(await hasHorizontalScroll(page), `${route} at ${width} px`).toBe(false);
  }
}

test('nothing scrolls sideways from 360 px to 1440 px: public pages', async ({ page }) => {
  for (const route of ['/', '/signUp']) await checkNoSidewaysScroll(page, route);
});

test('nothing scrolls sideways from 360 px to 1440 px: dashboard pages', async ({ page }) => {
  test.setTimeout(scaledTimeout(60_000));
  await signedIn(page);
  for (const route of ['/dashboard', '/dashboard/TransitionHistory']) await checkNoSidewaysScroll(page, route);
});

test('the side navigation is grouped, has My Account, and keeps the current page in sight', async ({ page }) => {
  await signedIn(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/addReview');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByText('Add money', { exact: true })).toBeVisible();
  await expect(nav.getByText('More', { exact: true })).toBeAttached();
  const current = nav.getByRole('link', { name: 'Add Review' });
  await expect(current).toHaveAttribute('aria-current', 'page');
  await expect(current).toBeInViewport({ ratio: 1 });
  await nav.getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myAccount$/);
});

test('on a phone, a bottom tab bar reaches the four most used screens', async ({ page }) => {
  await signedIn(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/dashboard/Faqs');
  const tabs = page.getByRole('navigation', { name: 'Shortcuts' });
  await expect(tabs.getByRole('link')).toHaveText(['Home', 'Send', 'Add money', 'Statement']);
  for (const [name, path] of [['Send', '/dashboard/sendMoney'], ['Add money', '/dashboard/addMoney'], ['Statement', '/dashboard/TransitionHistory'], ['Home', '/dashboard']] as const) {
    await tabs.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}(\\?.*)?$`));
    await expect(tabs.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(tabs).toBeHidden();
});
