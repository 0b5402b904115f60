import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { scaledTimeout } from '../playwright.config';
import { expect, logIn, newestMailTo, registerUser, test, type TestUser } from './fixtures';
import { misfits } from './fit-checks';

/** Signed-in devices and the new-device mail (issue 26, decision 0043). */

/** A browser of its own (its own cookies, so its own device), signed in through the login form. */
async function signInElsewhere(browser: Browser, user: TestUser, userAgent?: string): Promise<Page> {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

const devicesCard = (page: Page) => page.getByRole('region', { name: /^(Signed-in devices|সাইন ইন থাকা ডিভাইস)$/ });

/** Settings, once its cards are there (the page's code and texts load on first use). */
async function openSettings(page: Page): Promise<void> {
  await page.goto('/dashboard/Setting');
  await expect(page.locator('#settings-devices')).toBeVisible({ timeout: scaledTimeout(20_000) });
}

test('a device signs another one out from Settings; the other is signed out at once', async ({ page, browser }) => {
  // Two browsers, each loading the dashboard: more than one page's time.
  test.setTimeout(scaledTimeout(60_000));
  const user = await registerUser(page.request);
  const other = await signInElsewhere(browser, user, 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36');

  await openSettings(page);
  const card = devicesCard(page);
  await expect(card.getByRole('listitem')).toHaveCount(2);
  await expect(card.getByRole('listitem').first()).toContainText('This device');
  await card.getByRole('button', { name: 'Sign out Chrome on Android' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign out this device?' });
  await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(card.getByRole('status')).toHaveText('Chrome on Android is signed out.');
  await expect(card.getByRole('listitem')).toHaveCount(1);
  await expect(card.getByText('No other device is signed in.', { exact: false })).toBeVisible();
  // The security activity says so.
  await expect(page.getByRole('region', { name: 'Recent security activity' }).getByText('A device was signed out')).toBeVisible();

  // The other browser's next request meets its ended session.
  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
  await other.context().close();
});

test('the link of the new-device mail signs that device out, from a page with a button, once', async ({ page, browser }) => {
  test.setTimeout(scaledTimeout(60_000));
  const user = await registerUser(page.request);
  const intruder = await signInElsewhere(browser, user);
  const mail = await newestMailTo(user.email);
  expect(mail).toContain('New sign-in to your Poisha account');
  const link = /(https?:\/\/\S+\/end-session#token=[\w-]+)/.exec(mail)?.[1];
  expect(link).toBeDefined();

  // Opening the link ends nothing by itself: a mail scanner or a preview only loads the page.
  const path = new URL(link!).pathname + new URL(link!).hash;
  const owner = await (await browser.newContext()).newPage();
  await owner.goto(path);
  // The page's code and texts load on first use: slower than a check's usual wait on a busy machine.
  await expect(owner.getByRole('heading', { level: 1, name: 'Sign out the new device' })).toBeVisible({ timeout: scaledTimeout(20_000) });
  await intruder.reload();
  await expect(intruder).toHaveURL(/\/dashboard$/);

  await owner.getByRole('button', { name: 'Sign out that device' }).click();
  await expect(owner.getByRole('status')).toContainText('That device is signed out.');
  await intruder.reload();
  await expect(intruder).toHaveURL(/\/login$/);

  // Once only.
  await owner.reload();
  await owner.getByRole('button', { name: 'Sign out that device' }).click();
  await expect(owner.getByRole('alert')).toHaveText('This link has been used already, or the session it names has ended.');
  await owner.context().close();
  await intruder.context().close();
});

/** Pictures of the card for a person to look at; not a check of their own beyond fitting. Only when SCREENSHOTS=1. */
const dir = process.env.SCREENSHOT_DIR ?? '/tmp/sessions-shots';
for (const language of ['en', 'bn'] as const) {
  for (const width of [360, 1280]) {
    test(`the signed-in devices card fits, ${language}, ${width} px`, async ({ page, browser }) => {
      test.setTimeout(scaledTimeout(90_000));
      test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');
      fs.mkdirSync(dir, { recursive: true });
      const user = await registerUser(page.request);
      const others = [
        await signInElsewhere(browser, user, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1'),
        await signInElsewhere(browser, user, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70'),
      ];
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((lang) => window.localStorage.setItem('poisha.language', lang), language);
      await openSettings(page);
      const card = devicesCard(page);
      await expect(card.getByRole('listitem')).toHaveCount(3);
      await page.waitForLoadState('networkidle');
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `${dir}/devices-${language}-${width}.png` });
      expect(await misfits(page)).toEqual([]);
      await card.getByRole('button').first().click();
      await page.getByRole('alertdialog').waitFor();
      await page.screenshot({ path: `${dir}/devices-confirm-${language}-${width}.png` });
      for (const other of others) await other.context().close();

      const end = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
      await end.addInitScript((lang) => window.localStorage.setItem('poisha.language', lang), language);
      await end.goto('/end-session#token=shown-for-the-picture');
      await expect(end.getByRole('heading', { level: 1 })).toBeVisible({ timeout: scaledTimeout(20_000) });
      await end.screenshot({ path: `${dir}/end-session-${language}-${width}.png`, fullPage: true });
      expect(await misfits(end)).toEqual([]);
      await end.context().close();
    });
  }
}
