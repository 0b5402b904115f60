import fs from 'node:fs';
import { scaledTimeout } from '../playwright.config';
import { expect, signedIn, test } from './fixtures';

/**
 * Pictures of the account and help screens for a person to look at, at phone and desktop width, in
 * English and Bangla. Not a check: it runs only when SCREENSHOTS=1.
 */
const dir = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');
test.beforeAll(() => fs.mkdirSync(dir, { recursive: true }));

const screens = [
  ['settings', '/dashboard/Setting'],
  ['tickets', '/dashboard/SupportTicket'],
  ['review', '/dashboard/addReview'],
  ['converter', '/dashboard/CurrencyConvert'],
  ['faqs', '/dashboard/Faqs'],
  ['loan', '/dashboard/takeLone'],
] as const;

for (const language of ['en', 'bn'] as const) {
  for (const width of [360, 1280]) {
    test(`account and help screens, ${language}, ${width} px`, async ({ page }) => {
      test.setTimeout(scaledTimeout(90_000));
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript((lang) => window.localStorage.setItem('poisha.language', lang), language);
      await signedIn(page);
      // Some content to show: a ticket about the welcome bonus and a review.
      const csrf = (await page.request.storageState()).cookies.find((cookie) => cookie.name === 'poisha_csrf')?.value ?? '';
      const statement = (await (await page.request.get('/api/v1/statement?type=all')).json()) as { items: { transferId: string }[] };
      await page.request.post('/api/v1/support-tickets', {
        headers: { 'x-csrf-token': csrf },
        data: { subject: 'Where is my bonus?', category: 'deposit', message: 'I cannot see it in my balance.', transactionId: statement.items[0]?.transferId },
      });
      for (const [name, route] of screens) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        if (name === 'converter') await page.getByRole('textbox').first().fill('1000');
        if (name === 'faqs') await page.locator('summary').nth(4).click();
        if (name === 'review') await page.getByRole('button').filter({ hasText: /Submit|জমা/ }).click();
        await page.screenshot({ path: `${dir}/${name}-${language}-${width}.png`, fullPage: true });
      }
      await page.goto('/dashboard/SupportTicket');
      await page.getByRole('region').last().getByRole('button').first().click();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${dir}/ticket-thread-${language}-${width}.png`, fullPage: true });
    });
  }
}
