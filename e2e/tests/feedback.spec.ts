import type { Page } from '@playwright/test';
import { apiBalance, csrfHeader, expect, fillBankForm, fillCard, fundWallet, signedIn, test } from './fixtures';

/** Messages a person must get after an action (issue 24, defect 17), in English and Bangla. */



/** A card deposit made over the API (token from the card sandbox, then the deposit). */
async function cardDepositOverApi(page: Page, cents: number, user: { email: string; phone: string }) {
  const headers = await csrfHeader(page.request);
  const method = await page.request.post('/api/v1/card-sandbox/payment-methods', { headers, data: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } });
  expect(method.status()).toBe(201);
  const { id } = (await method.json()) as { id: string };
  const deposit = await page.request.post('/api/v1/deposits/card', {
    headers: { ...headers, 'idempotency-key': `card-${Date.now()}-${Math.random()}` },
    data: { amount: cents, email: user.email, phone: user.phone, paymentMethod: id },
  });
  expect(deposit.status()).toBe(201);
}

test('leaving the PayPal window cancels the order and says nothing was charged', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/paypal');
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
  // The person goes back from the PayPal window (here: a reload) instead of approving.
  await page.reload();
  await expect(page.getByText('Payment cancelled, nothing was charged')).toBeVisible();
  expect(await apiBalance(page)).toBe(100_000);
  await page.getByRole('button', { name: 'Start again' }).click();
  await expect(page.getByRole('button', { name: 'Pay with PayPal' })).toBeVisible();
  // Once told, a later visit starts afresh.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Pay with PayPal' })).toBeVisible();
  await expect(page.getByText('Payment cancelled, nothing was charged')).toHaveCount(0);
});

test('leaving the PayPal window, in Bangla, says so in Bangla', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('poisha.language', 'bn'));
  await signedIn(page);
  await page.goto('/dashboard/paypal');
  await page.getByRole('button', { name: 'পেপ্যাল দিয়ে পরিশোধ করুন' }).click();
  await expect(page.getByRole('button', { name: 'অনুমোদন দিন' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('পরিশোধ বাতিল হয়েছে, কোনো টাকা কাটা হয়নি')).toBeVisible();
});

for (const [language, saved, save] of [
  ['en', 'Your details are saved.', 'Save changes'],
  ['bn', 'আপনার তথ্য সংরক্ষিত হয়েছে।', 'পরিবর্তন সংরক্ষণ করুন'],
] as const) {
  test(`saving a new name in Settings says it is saved (${language})`, async ({ page }) => {
    await page.addInitScript((lang) => window.localStorage.setItem('poisha.language', lang), language);
    await signedIn(page);
    await page.goto('/dashboard/Setting');
    const name = page.getByLabel(language === 'en' ? 'User Name' : 'ব্যবহারকারীর নাম');
    await name.fill('Rahima Begum');
    await page.getByRole('button', { name: save }).click();
    await expect(page.getByRole('status').filter({ hasText: saved })).toBeVisible();
    await expect(name).toHaveValue('Rahima Begum');
  });
}

test('a card deposit over a limit names the limit it passed', async ({ page }) => {
  const user = await signedIn(page);
  await page.goto('/dashboard/BankTransfer');
  await page.getByLabel('Add Amount').fill('5000.01');
  await fillCard(page);
  await page.getByRole('button', { name: /^Deposit/ }).click();
  await expect(page.getByText('Card deposits are limited to $5,000.00 each. Enter $5,000.00 or less.')).toBeVisible();

  // 10,000 USD already added by card today: one dollar more passes the daily limit.
  await cardDepositOverApi(page, 500_000, user);
  await cardDepositOverApi(page, 500_000, user);
  await page.reload();
  await page.getByLabel('Add Amount').fill('1');
  await fillCard(page);
  await page.getByRole('button', { name: /^Deposit/ }).click();
  await expect(page.getByText('Card deposits are limited to $10,000.00 in any 24 hours, and this one would pass it.', { exact: false })).toBeVisible();
  expect(await apiBalance(page)).toBe(100_000 + 1_000_000);
});

test('a card deposit over a limit names it in Bangla too', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('poisha.language', 'bn'));
  await signedIn(page);
  await page.goto('/dashboard/BankTransfer');
  await page.locator('input').first().fill('6000');
  await page.locator('form button[type=submit]').click();
  await expect(page.getByText('কার্ডে একবারে সর্বোচ্চ', { exact: false })).toBeVisible();
  await expect(page.getByText('কার্ডে একবারে সর্বোচ্চ', { exact: false })).toContainText('৫,০০০');
});

test('a bank deposit over the 24-hour limit names it', async ({ page }) => {
  const user = await signedIn(page);
  await fundWallet(page.request, 50_000, user);
  await fundWallet(page.request, 50_000, user);
  await page.goto('/dashboard/addMoneyFromBank');
  await fillBankForm(page, { amount: '500' });
  await page.getByRole('button', { name: 'Add money' }).click();
  await expect(page.getByText('Bank deposits are limited to $100,000.00 in any 24 hours', { exact: false })).toBeVisible();
});
