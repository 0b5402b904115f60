import fs from 'node:fs';
import { scaledTimeout } from '../playwright.config';
import { csrfHeader, expect, registerUser, signedIn, test } from './fixtures';
import { newRecipient } from './ledger-helpers';

/**
 * Pictures of the favourites, request-money and notification screens in English and Bangla, for a
 * person to look at. Not a check: it runs only when SCREENSHOTS=1.
 */
const dir = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');
test.beforeAll(() => fs.mkdirSync(dir, { recursive: true }));

for (const language of ['en', 'bn'] as const) {
  for (const width of (process.env.SCREENSHOT_WIDTHS ?? '360,1280').split(',').map(Number)) {
    test(`pay-your-people screens at ${width} px in ${language}`, async ({ page, playwright, baseURL }) => {
      test.setTimeout(scaledTimeout(90_000));
      if (language === 'bn') await page.addInitScript(() => window.localStorage.setItem('poisha.language', 'bn'));
      await page.setViewportSize({ width, height: 800 });
      const shot = (name: string, fullPage = true) => page.screenshot({ path: `${dir}/pyp-${name}-${language}-${width}.png`, fullPage });

      const me = await signedIn(page);
      const headers = await csrfHeader(page.request);
      const friends = [await newRecipient(playwright, baseURL ?? ''), await newRecipient(playwright, baseURL ?? '')];
      for (const [index, friend] of friends.entries()) {
        await page.request.post('/api/v1/favourites', { headers, data: { name: `Friend ${index + 1}`, phone: friend.phone, origin: index ? 'Office' : 'Chattogram' } });
      }
      // Someone asks me for money, and I ask a friend.
      const asker = await playwright.request.newContext({ baseURL: baseURL ?? '' });
      await registerUser(asker);
      await asker.post('/api/v1/money-requests', { headers: await csrfHeader(asker), data: { from: me.phone, amount: 4_000, note: 'Dinner at Dhanmondi' } });
      await page.request.post('/api/v1/money-requests', { headers, data: { from: friends[0]!.phone, amount: 1_500, note: 'Taxi' } });

      await page.goto('/dashboard/addAccount');
      await expect(page.getByTestId('favourite')).toHaveCount(2);
      await shot('favourites');
      await page.getByTestId('favourite').nth(1).getByRole('button').last().click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await shot('favourites-delete', false);
      await page.keyboard.press('Escape');

      await page.goto('/dashboard/RequestMoney');
      await expect(page.getByTestId('request-received')).toHaveCount(1);
      await shot('requests');
      await page.getByTestId('request-received').getByRole('button').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot('requests-pay', false);
      await page.keyboard.press('Escape');

      await page.goto('/dashboard/sendMoney');
      await expect(page.getByTestId('favourite-pick').first()).toBeVisible();
      await shot('send-picks');

      await page.goto('/dashboard');
      await page.getByRole('button', { name: language === 'en' ? /^Notifications/ : /^নোটিফিকেশন/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot('notifications', false);
      await asker.dispose();
    });
  }
}
