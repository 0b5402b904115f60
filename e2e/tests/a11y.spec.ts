import type { Locator, Page } from '@playwright/test';
import { expectClean, publicSiteDashboardChildren, scan, settle, signedInWithData } from './a11y-helpers';
import { scaledTimeout } from '../playwright.config';
import { expect, newUser, test, typePaymentPin } from './fixtures';

/**
 * Every screen of the app passes axe's WCAG 2.1 A and AA rules without a serious or critical
 * finding. Each route is checked separately (expect.soft), so one run lists every screen's
 * problems, each with the rule, the element and what to fix.
 *
 * The dashboard's routes are scanned where fit.spec.ts opens them (in English at 1280 px, in
 * Bangla at 360 px): one visit a page for both checks.
 *
 * Ownership: the public site (features/public, features/contact, PublicLayout and its footer) is
 * rebuilt by the public-site work, so its findings are reported by the tests named "public site";
 * the sign-in screens, the signed-in app and the shared UI are checked by the others.
 */

// Each test signs up and fills a wallet, then visits many screens: more than the default 30 s under load.
test.describe.configure({ timeout: scaledTimeout(90_000) });

const publicSitePages = ['/', '/aboutUs', '/contactUs', '/no/such/page'];
const authPages = ['/login', '/signUp', '/resetpassword', '/resetpassword#token=an-expired-or-unknown-token', '/confirmEmail#token=an-expired-or-unknown-token'];

/** Presses `button`, waits for `shown` (a dialog, an error), then checks the signed-in app's screen as `label`. */
async function pressThenCheck(page: Page, button: Locator, shown: Locator, label: string) {
  await button.click();
  await expect(shown).toBeVisible();
  expectClean(await scan(page, label, { testInfo: test.info() }), 'app');
}

/** Opens the form at `path`, submits it empty with `submit`, and checks it with its errors shown. */
async function checkFormErrors(page: Page, path: string, submit: Locator) {
  await page.goto(path);
  await settle(page);
  await pressThenCheck(page, submit, page.locator('[aria-invalid="true"]').first(), `${path} with errors`);
}


/** Public pages linked from the landing page and its footer that are not in the list above (e.g. /services/…, /terms). */
async function linkedPublicPages(page: Page): Promise<string[]> {
  await page.goto('/');
  await settle(page);
  const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  const known = new Set([...publicSitePages, ...authPages].map((path) => path.toLowerCase()));
  return [...new Set(hrefs)].filter((path) => !known.has(path.toLowerCase()) && !/^\/(dashboard|sendmoney|addmoney|banktransfer|addaccount)\b/i.test(path)).sort();
}

test.describe('public site (features/public, features/contact, PublicLayout)', () => {
  test('every public page, and every page it links to, signed out', async ({ page }, testInfo) => {
    test.setTimeout(scaledTimeout(180_000));
    const pages = [...publicSitePages, ...(await linkedPublicPages(page))];
    testInfo.annotations.push({ type: 'pages', description: pages.join(', ') });
    for (const path of pages) {
      await page.goto(path);
      await settle(page);
      expectClean(await scan(page, path, { screen: 'public-site', layout: 'public-site', testInfo }), 'public-site');
    }
  });

  test('the contact screen inside the dashboard', async ({ page, playwright, baseURL }, testInfo) => {
    await signedInWithData(page, playwright, baseURL ?? '');
    for (const language of ['en', 'bn']) {
      if (language === 'bn') await page.addInitScript(() => window.localStorage.setItem('poisha.language', 'bn'));
      for (const child of publicSiteDashboardChildren) {
        await page.goto(`/dashboard/${child}`);
        await settle(page);
        expectClean(await scan(page, `/dashboard/${child} (${language})`, { screen: 'public-site', layout: 'app', testInfo }), 'public-site');
      }
    }
  });

  test('in Bangla', async ({ page }, testInfo) => {
    await page.addInitScript(() => window.localStorage.setItem('poisha.language', 'bn'));
    for (const path of ['/', '/aboutUs', '/contactUs']) {
      await page.goto(path);
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
      expectClean(await scan(page, `${path} (bn)`, { screen: 'public-site', layout: 'public-site', testInfo }), 'public-site');
    }
  });
});

test.describe('sign-in screens', () => {
  test('login, sign-up and both password-reset steps', async ({ page }, testInfo) => {
    for (const path of authPages) {
      await page.goto(path);
      await settle(page);
      // The public layout around these screens is checked (and fixed) with the public site.
      expectClean(await scan(page, path, { screen: 'app', layout: 'public-site', testInfo }), 'app');
    }
  });

  test('the sign-up form with every error shown', async ({ page }, testInfo) => {
    await page.goto('/signUp');
    await settle(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Passwords do not match').or(page.locator('[aria-invalid="true"]').first())).toBeVisible();
    const user = newUser();
    await page.getByLabel('Your Email').fill('not-an-email');
    await page.getByLabel('Your Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(`${user.password}x`);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    expectClean(await scan(page, '/signUp with errors', { screen: 'app', layout: 'public-site', testInfo }), 'app');
  });

  test('the login form after a failed attempt, in Bangla', async ({ page }, testInfo) => {
    await page.addInitScript(() => window.localStorage.setItem('poisha.language', 'bn'));
    await page.goto('/login');
    await settle(page);
    await page.getByRole('button', { name: 'লগ ইন' }).last().click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    expectClean(await scan(page, '/login with errors (bn)', { screen: 'app', layout: 'public-site', testInfo }), 'app');
    for (const path of ['/signUp', '/resetpassword']) {
      await page.goto(path);
      await settle(page);
      expectClean(await scan(page, `${path} (bn)`, { screen: 'app', layout: 'public-site', testInfo }), 'app');
    }
  });
});

test.describe('signed-in app, with money moved and an account linked', () => {
  test('the navigation drawer open at 360 px', async ({ page, playwright, baseURL }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signedInWithData(page, playwright, baseURL ?? '');
    await page.goto('/dashboard');
    await settle(page);
    await pressThenCheck(page, page.getByRole('button', { name: 'Open navigation' }), page.getByRole('navigation', { name: 'Dashboard' }), '/dashboard with the drawer open (360 px)');
  });

  test('Send Money: the confirm dialog and the done dialog', async ({ page, playwright, baseURL }) => {
    const { friend } = await signedInWithData(page, playwright, baseURL ?? '');
    const send = page.getByRole('button', { name: 'Send Money' });
    await checkFormErrors(page, '/dashboard/sendMoney', send);

    await page.getByLabel('Receiver Number').fill(friend.phone);
    await page.getByLabel('Amount (USD)').fill('25');
    await page.getByLabel('Reference').fill('77');
    const confirm = page.getByRole('dialog', { name: 'Confirm sending money' });
    await pressThenCheck(page, send, confirm, 'Send Money confirm dialog');

    await typePaymentPin(confirm);
    await pressThenCheck(page, confirm.getByRole('button', { name: 'Confirm' }), page.getByRole('dialog', { name: 'Done' }), 'Send Money done dialog');
  });

  test('Favourites, Request Money and the notification bell: their dialogs and errors', async ({ page, playwright, baseURL }) => {
    await signedInWithData(page, playwright, baseURL ?? '');
    await checkFormErrors(page, '/dashboard/addAccount', page.getByRole('button', { name: 'Add to favourites' }));
    await pressThenCheck(page, page.getByRole('button', { name: /^Delete / }).first(), page.getByRole('alertdialog', { name: 'Delete favourite' }), 'delete-favourite dialog');
    await page.keyboard.press('Escape');

    await checkFormErrors(page, '/dashboard/RequestMoney', page.getByRole('button', { name: 'Request Money', exact: true }));
    await pressThenCheck(page, page.getByRole('button', { name: /^Pay / }).first(), page.getByRole('dialog', { name: 'Confirm payment' }), 'pay-request dialog');
    await page.keyboard.press('Escape');

    await pressThenCheck(page, page.getByRole('button', { name: /^Notifications/ }), page.getByRole('dialog', { name: 'Notifications' }), 'notifications dialog');
  });

  test('account, card and PayPal screens in their other states', async ({ page, playwright, baseURL }) => {
    await signedInWithData(page, playwright, baseURL ?? '');

    await page.goto('/dashboard/myAccount');
    await settle(page);
    await page.getByRole('button', { name: 'Link Bank Account' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await pressThenCheck(page, dialog.getByRole('button', { name: 'Link account' }), dialog.locator('[aria-invalid="true"]').first(), 'link-a-bank-account dialog with errors');
    await page.keyboard.press('Escape');
    await pressThenCheck(page, page.getByRole('button', { name: /^Remove .* account/ }).first(), page.getByRole('alertdialog'), 'remove-account dialog');
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/BankTransfer');
    await settle(page);
    await page.getByLabel('Add Amount').fill('50');
    await page.getByLabel('Card number').pressSequentially('4000000000000002');
    await page.getByLabel('Expiry (MM/YY)').pressSequentially('1234');
    await page.getByLabel('CVC').fill('123');
    await pressThenCheck(page, page.getByRole('button', { name: /^Deposit/ }), page.getByText('Deposit Failed, Check Card Info'), 'card deposit declined');

    await page.goto('/dashboard/paypal');
    await settle(page);
    await pressThenCheck(page, page.getByRole('button', { name: 'Pay with PayPal' }), page.getByRole('button', { name: 'Approve' }), 'PayPal approval');
  });

  test('the idle warning', async ({ page, playwright, baseURL }, testInfo) => {
    await page.clock.install();
    await signedInWithData(page, playwright, baseURL ?? '');
    await page.goto('/dashboard');
    await settle(page);
    await page.clock.fastForward('09:10');
    await expect(page.getByRole('alertdialog')).toBeVisible();
    expectClean(await scan(page, 'idle warning', { testInfo }), 'app');
  });
});
