import fs from 'node:fs';
import { scaledTimeout } from '../playwright.config';
import { csrfHeader, expect, signedIn, test, typePaymentPin } from './fixtures';
import { newRecipient, sendTransfers } from './ledger-helpers';

/**
 * Pictures of the ledger screens (send money, statement, account, dashboard home) for a person to
 * look at. Not a check: it runs only when SCREENSHOTS=1.
 */
const dir = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');
test.beforeAll(() => fs.mkdirSync(dir, { recursive: true }));

for (const width of (process.env.SCREENSHOT_WIDTHS ?? '360,1280').split(',').map(Number)) {
  test(`ledger screens at ${width} px`, async ({ page, context, playwright, baseURL }) => {
    test.setTimeout(scaledTimeout(90_000));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 860 });
    const shot = (name: string, fullPage = true) => page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage });

    const bob = await newRecipient(playwright, baseURL ?? '');
    await signedIn(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Latest transactions' }).getByRole('listitem')).toHaveCount(1);
    await shot('home-new-user');

    await sendTransfers(page.request, bob, 7);
    await page.request.post('/api/v1/bank-accounts', { headers: await csrfHeader(page.request), data: { bankId: 'dutch-bangla-bank', accountNumber: '20501234567890' } });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Latest transactions' }).getByRole('listitem')).toHaveCount(5);
    await page.getByRole('button', { name: /Copy the account number/ }).click();
    await shot('home');

    await page.goto('/dashboard/sendMoney');
    await page.getByRole('button', { name: 'Send Money' }).click();
    await shot('send-errors');
    await page.getByLabel('Receiver Number').fill(bob.phone);
    await page.getByLabel('Amount (USD)').fill('25');
    await page.getByLabel('Reference').fill('7788');
    await page.getByRole('button', { name: 'Send Money' }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm sending money' })).toBeVisible();
    await shot('send-confirm', false);
    await typePaymentPin(page.getByRole('dialog', { name: 'Confirm sending money' }));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('dialog', { name: 'Done' })).toBeVisible();
    await shot('send-done', false);
    await page.getByRole('button', { name: 'OK' }).click();
    await shot('send');

    await page.goto('/dashboard/TransitionHistory');
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await shot('statement');
    await page.goto('/dashboard/TransitionHistory?type=all&pageSize=20');
    await expect(page.getByText('Page 1 of 1')).toBeVisible();
    await shot('statement-all');

    await page.goto('/dashboard/myAccount');
    await expect(page.getByText('Dutch-Bangla Bank')).toBeVisible();
    await shot('account');
    await page.getByRole('button', { name: 'Link Bank Account' }).click();
    await page.getByRole('button', { name: 'Link account' }).click();
    await shot('account-link', false);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'বাংলা' }).first().click();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('হ্যালো');
    await shot('home-bn');
    await page.goto('/dashboard/TransitionHistory?type=all');
    await expect(page.getByRole('tabpanel').getByRole('table').or(page.getByRole('list', { name: /সব দেখুন/ }))).toBeVisible();
    await shot('statement-bn');
  });
}
