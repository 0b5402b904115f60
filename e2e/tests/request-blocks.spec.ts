import fs from 'node:fs';
import { scaledTimeout } from '../playwright.config';
import { csrfHeader, expect, registerUser, signedIn, test } from './fixtures';

/**
 * "Block requests from this number" (issue 24, defect 5): the payer blocks an asker from a request
 * received; the asker's requests then never reach the payer, and the asker is not told.
 * SCREENSHOTS=1 also keeps pictures of the screen at 360 and 1280 px in English and Bangla.
 */
const shotsDir = process.env.SCREENSHOT_DIR ?? 'test-results/request-blocks';

for (const [language, width] of [
  ['en', 1280],
  ['en', 360],
  ['bn', 360],
  ['bn', 1280],
] as const) {
  test(`blocks requests from a number and unblocks it (${language}, ${width} px)`, async ({ page, playwright, baseURL }) => {
    test.setTimeout(scaledTimeout(90_000));
    if (language === 'bn') await page.addInitScript(() => window.localStorage.setItem('poisha.language', 'bn'));
    await page.setViewportSize({ width, height: 900 });
    const me = await signedIn(page);
    const asker = await playwright.request.newContext({ baseURL: baseURL ?? '' });
    const askerUser = await registerUser(asker);
    const ask = async (amount: number) => {
      const response = await asker.post('/api/v1/money-requests', { headers: await csrfHeader(asker), data: { from: me.phone, amount, note: 'Rent' } });
      expect(response.status(), await response.text()).toBe(201);
    };
    await ask(4_000);

    await page.goto('/dashboard/RequestMoney');
    const received = page.getByTestId('request-received');
    await expect(received).toHaveCount(1);
    if (process.env.SCREENSHOTS) {
      fs.mkdirSync(shotsDir, { recursive: true });
      await page.screenshot({ path: `${shotsDir}/before-${language}-${width}.png`, fullPage: true });
    }
    const blockName = language === 'en' ? `Block requests from ${askerUser.name}` : `${askerUser.name}-এর অনুরোধ ব্লক করুন`;
    await page.getByRole('button', { name: blockName }).click();
    await expect(page.getByRole('status').filter({ hasText: language === 'en' ? `Requests from ${askerUser.name} are blocked` : 'ব্লক করা হয়েছে' })).toBeVisible();
    await expect(received).toHaveCount(0);
    const blocked = page.getByTestId('blocked-numbers');
    await expect(blocked).toContainText(askerUser.name);

    // The asker asks again: accepted for them, never shown here, no new notification.
    await ask(5_000);
    await page.reload();
    await expect(blocked).toContainText(askerUser.name);
    await expect(received).toHaveCount(0);
    expect((await (await page.request.get('/api/v1/notifications/unread-count')).json()).count).toBe(1);
    const sent = await (await asker.get('/api/v1/money-requests?direction=sent')).json();
    expect(sent.items.map((item: { status: string }) => item.status)).toEqual(['pending', 'pending']);
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${shotsDir}/blocked-${language}-${width}.png`, fullPage: true });

    await blocked.getByRole('button', { name: language === 'en' ? `Unblock ${askerUser.name}` : `${askerUser.name}-কে আনব্লক করুন` }).click();
    await expect(page.getByText(language === 'en' ? 'You have not blocked any number.' : 'আপনি কোনো নম্বর ব্লক করেননি।')).toBeVisible();
    await ask(6_000);
    await page.reload();
    await expect(received).toHaveCount(1);
    await asker.dispose();
  });
}
