import fs from 'node:fs';
import { scaledTimeout } from '../playwright.config';
import { expect, fillBankForm, fillCard, signedIn, test } from './fixtures';

/**
 * Pictures of the add-money screens in their main states, at phone and desktop width, for a person
 * to look at. Not a check: it runs only when SCREENSHOTS=1 (SCREENSHOT_DIR picks the folder).
 */
const dir = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');
test.beforeAll(() => fs.mkdirSync(dir, { recursive: true }));

for (const width of (process.env.SCREENSHOT_WIDTHS ?? '360,1280').split(',').map(Number)) {
  test(`add-money screens at ${width} px`, async ({ page }) => {
    test.setTimeout(scaledTimeout(90_000));
    await page.setViewportSize({ width, height: width === 360 ? 740 : 860 });
    const shot = (name: string) => page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
    await signedIn(page);

    await page.goto('/dashboard/addMoney');
    await expect(page.getByText(/^\$[\d,]+\.\d\d$/)).toBeVisible();
    await shot('add-money');

    await page.goto('/dashboard/addMoneyFromBank');
    await expect(page.getByRole('option', { name: 'Sonali Bank' })).toBeAttached();
    await shot('bank');
    await page.getByLabel('Account Holder Number').fill('0171234567');
    await page.getByLabel('Amount (USD)').fill('499');
    await page.getByRole('button', { name: 'Add money' }).click();
    await shot('bank-errors');
    await fillBankForm(page, { bank: 'BRAC Bank', amount: '500', reference: '42' });
    await page.getByRole('button', { name: 'Add money' }).click();
    await expect(page.getByText('$500.00 added to your wallet')).toBeVisible();
    await shot('bank-success');

    await page.goto('/dashboard/BankTransfer');
    await page.getByLabel('Add Amount').fill('25');
    await shot('card');
    await fillCard(page, '4000000000000002');
    await page.getByRole('button', { name: 'Deposit $25.00' }).click();
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    await shot('card-declined');
    await page.getByLabel('Card number').fill('');
    await page.getByLabel('Card number').pressSequentially('4242424242424242');
    await page.getByRole('button', { name: 'Deposit $25.00' }).click();
    await expect(page.getByRole('heading', { name: 'Deposit successful' })).toBeVisible();
    await shot('card-success');

    await page.goto('/dashboard/paypal');
    await shot('paypal');
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
    await shot('paypal-approval');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('$2.00 added to your wallet')).toBeVisible();
    await shot('paypal-captured');
    await page.getByRole('button', { name: 'Add another $2.00' }).click();
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Payment cancelled, nothing was charged')).toBeVisible();
    await shot('paypal-cancelled');

    await page.getByRole('button', { name: 'বাংলা' }).first().click();
    await page.goto('/dashboard/addMoneyFromBank');
    await page.getByRole('button', { name: 'টাকা যোগ করুন' }).click();
    await shot('bank-bn');
    await page.goto('/dashboard/BankTransfer');
    await page.getByLabel('পরিমাণ লিখুন').fill('25');
    await shot('card-bn');
  });
}
