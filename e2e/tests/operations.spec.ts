import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { e2eDataDir, scaledTimeout } from '../playwright.config';
import { csrfHeader, expect, logIn, newestMailTo, signedIn, test } from './fixtures';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const shots = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
/** Pictures for a person to look at, only when asked (SCREENSHOTS=1). */
const picture = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${shots}/${name}.png` });
};

/** `npm run ops` as an operator runs it, on the e2e server's database. */
async function ops(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/api/src/ops/main.ts', ...args, '--operator', 'e2e-operator'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: e2eDataDir, DATABASE_URL: '', NODE_ENV: 'development', LOG_LEVEL: 'warn' },
  });
  return stdout;
}

for (const language of ['en', 'bn'] as const) {
  for (const width of [360, 1280]) {
    test(`support's answer from the operator tool reaches the bell, the thread and the inbox (${language}, ${width} px)`, async ({ page }) => {
      test.setTimeout(scaledTimeout(60_000));
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript((lang) => window.localStorage.setItem('poisha.language', lang), language);
      const user = await signedIn(page);
      const opened = await page.request.post('/api/v1/support-tickets', {
        headers: await csrfHeader(page.request),
        data: { subject: 'Card deposit missing', category: 'card', message: 'I added 25 USD and see nothing.' },
      });
      expect(opened.status()).toBe(201);
      const ticketId = ((await opened.json()) as { id: string }).id;
      expect(await ops('tickets')).toContain(ticketId);
      expect(await ops('reply', ticketId, 'We found your deposit: it is in your balance now.')).toContain('notified and e-mailed');

      await page.goto('/dashboard');
      await expect(page.getByTestId('unread-count')).toHaveText(language === 'en' ? '1' : /[1১]/);
      await page.getByRole('button', { name: language === 'en' ? 'Notifications, 1 unread' : /১|1/ }).click();
      const item = page.getByRole('dialog').getByRole('button', { name: language === 'en' ? /Support answered your ticket “Card deposit missing”/ : /Card deposit missing/ });
      await expect(item).toBeVisible();
      await picture(page, `ops-support-notification-${language}-${width}`);
      await item.click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/SupportTicket\\?ticket=${ticketId}`));
      await expect(page.getByText('We found your deposit: it is in your balance now.')).toBeVisible();

      const mail = await newestMailTo(user.email);
      expect(mail).toContain('We found your deposit: it is in your balance now.');
      expect(mail).toContain(`SupportTicket?ticket=${ticketId}`);
    });
  }
}

test('a locked account is told why it cannot sign in, in English and Bangla, and signs in again once unlocked', async ({ page, browser }) => {
  test.setTimeout(scaledTimeout(60_000));
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await signedIn(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await ops('lock', user.email, '--reason', 'e2e test')).toContain('Locked');

  // The session it had ends at once: the next page load sends it to sign in.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);

  const fresh = await browser.newPage({ viewport: { width: 360, height: 800 } });
  await fresh.goto('/login');
  await logIn(fresh, user.email, user.password);
  await expect(fresh.getByText('This account is locked. Please call the help line or write to support to unlock it.')).toBeVisible();
  await picture(fresh, 'ops-locked-login-en-360');

  await fresh.evaluate(() => window.localStorage.setItem('poisha.language', 'bn'));
  await fresh.reload();
  await fresh.locator('input[type="email"]').fill(user.email);
  await fresh.locator('input[type="password"]').fill(user.password);
  await fresh.locator('form button[type="submit"]').click();
  await expect(fresh.getByText('এই অ্যাকাউন্টটি লক করা আছে। আনলক করতে হেল্পলাইনে ফোন করুন বা সহায়তা দলকে লিখুন।')).toBeVisible();
  await picture(fresh, 'ops-locked-login-bn-360');

  expect(await ops('unlock', user.email)).toContain('Unlocked');
  await fresh.locator('form button[type="submit"]').click();
  await expect(fresh).toHaveURL(/\/dashboard$/);
  await fresh.close();
});

test.beforeAll(() => {
  if (process.env.SCREENSHOTS) fs.mkdirSync(shots, { recursive: true });
});
