import type { Page } from '@playwright/test';
import { scaledTimeout } from '../playwright.config';
import { apiBalance, csrfHeader, expect, fillBankForm, fillCard, formatCents, hasHorizontalScroll, signedIn, signUp, test } from './fixtures';

/** The wallet balance the add-money screens show (GET /me), e.g. "$1,000.00". */
const balanceOn = (page: Page) => page.getByRole('region', { name: 'Your Available Balance' });


const WELCOME_BONUS = 100_000;



test.describe('Add Money', () => {
  test('shows the real balance and the three ways to add money', async ({ page }) => {
    await signedIn(page);
    await page.goto('/dashboard/addMoney');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Money' })).toBeVisible();
    await expect(balanceOn(page)).toContainText(formatCents(await apiBalance(page)));

    await page.getByRole('link', { name: /Add from Bank/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/addMoneyFromBank$/);
    await page.goBack();
    await page.getByRole('link', { name: /Add from card/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/BankTransfer$/);
    await page.goBack();
    await page.getByRole('link', { name: /Add from PayPal/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/paypal$/);
    await expect(page.getByRole('heading', { level: 1, name: 'PayPal' })).toBeVisible();
  });

  test('the side navigation opens Add Money and PayPal; Request Money is its own screen', async ({ page }) => {
    await signedIn(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: 'Add Money', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Money' })).toBeVisible();
    await nav.getByRole('link', { name: 'PayPal' }).click();
    await expect(page).toHaveURL(/\/dashboard\/paypal$/);
    await nav.getByRole('link', { name: 'Request Money' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Request Money' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Add from Bank/ })).toHaveCount(0);
  });

  test('the top-level copies open the same screens', async ({ page }) => {
    await signedIn(page);
    await page.goto('/addMoney');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Money' })).toBeVisible();
    await page.goto('/BankTransfer');
    await expect(page.getByRole('heading', { level: 1, name: 'Card Deposit' })).toBeVisible();
  });
});

test.describe('Add money from bank', () => {
  test('a new user adds 500 from the bank: $1,000.00 becomes $1,500.00 everywhere without a reload', async ({ page }) => {
    const user = await signUp(page);
    await page.goto('/dashboard/addMoney');
    await expect(balanceOn(page)).toContainText('$1,000.00');
    await page.getByRole('link', { name: /Add from Bank/ }).click();

    await expect(page.getByLabel('Account Holder Name')).toHaveValue(user.name);
    await fillBankForm(page, { holderNumber: '01712345678', bankAccount: '123456789012', amount: '500' });
    await page.getByRole('button', { name: 'Add money' }).click();

    await expect(page.getByText('$500.00 added to your wallet')).toBeVisible();
    await expect(page.getByText('Your new balance is $1,500.00.')).toBeVisible();
    await expect(balanceOn(page)).toContainText('$1,500.00');
    // The form is ready for the next deposit, the holder's name still filled in.
    await expect(page.getByLabel('Account Holder Number')).toHaveValue('');
    await expect(page.getByLabel('Amount (USD)')).toHaveValue('');
    await expect(page.getByLabel('Account Holder Name')).toHaveValue(user.name);
    expect(await apiBalance(page)).toBe(WELCOME_BONUS + 50_000);

    // Other screens show the new balance too, without reloading the page.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Add Money', exact: true }).click();
    await expect(balanceOn(page)).toContainText('$1,500.00');
  });

  test('shows the spec’s messages and sends nothing while a field is wrong', async ({ page }) => {
    await signedIn(page);
    const deposits: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/deposits')) deposits.push(request.url());
    });
    /** Submits the form as it is filled in; each of `messages` shows under its field. */
    const submitShows = async (...messages: string[]) => {
      await page.getByRole('button', { name: 'Add money' }).click();
      for (const message of messages) await expect(page.getByText(message)).toBeVisible();
    };
    await page.goto('/dashboard/addMoneyFromBank');
    await submitShows('Please choose a bank', 'Reference is required');

    await fillBankForm(page, { holderNumber: '0171234567', bankAccount: '12345678901', amount: '499' });
    await submitShows('Please Type Minimum 11 Digit Account Number', 'Please Type Minimum 12 Digit Account Number', 'Minimum Transaction Amount 500');
    await expect(page.getByLabel('Account Holder Number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Account Holder Number')).toBeFocused();

    await fillBankForm(page, { holderNumber: '017123456789', bankAccount: '123456789012345', amount: '50001' });
    await submitShows('Please Type Maximum 11 Digit Account Number', 'Please Type Maximum 14 Digit Account Number', 'Maximum Transaction Amount 50000');

    await page.getByLabel('Reference').fill('r'.repeat(51));
    await submitShows('Reference must be at most 50 characters');
    expect(deposits).toEqual([]);
    expect(await apiBalance(page)).toBe(WELCOME_BONUS);
  });

  test('a retry after a lost answer reuses its Idempotency-Key and moves the money once', async ({ page }) => {
    await signedIn(page);
    const keys: string[] = [];
    await page.route('**/api/v1/deposits/bank', async (route) => {
      keys.push((await route.request().headerValue('idempotency-key')) ?? '');
      if (keys.length === 1) {
        // The server does the deposit, but its answer never reaches the browser.
        await route.fetch();
        await route.abort('connectionreset');
      } else {
        await route.continue();
      }
    });
    await page.goto('/dashboard/addMoneyFromBank');
    await fillBankForm(page, { holderNumber: '01712345678', bankAccount: '123456789012', amount: '700' });
    await page.getByRole('button', { name: 'Add money' }).click();
    await expect(page.getByText('Could not reach Poisha. Check your connection and try again.')).toBeVisible();

    await page.getByRole('button', { name: 'Add money' }).click();
    await expect(page.getByText('$700.00 added to your wallet')).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await apiBalance(page)).toBe(WELCOME_BONUS + 70_000);

    // A new deposit, even of the same amount, is a new submission with a new key.
    await fillBankForm(page, { holderNumber: '01712345678', bankAccount: '123456789012', amount: '700' });
    await page.getByRole('button', { name: 'Add money' }).click();
    await expect(page.getByText('Your new balance is $2,400.00.')).toBeVisible();
    expect(keys[2]).not.toBe(keys[0]);
  });
});

test.describe('Card deposit', () => {
  test('the test card 4242… succeeds and the balance rises; Deposit More starts again', async ({ page }) => {
    const user = await signedIn(page);
    await page.goto('/dashboard/BankTransfer');
    await expect(page.getByRole('heading', { level: 1, name: 'Card Deposit' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await expect(page.getByText('4242 4242 4242 4242', { exact: true })).toBeVisible();

    await page.getByLabel('Add Amount').fill('25');
    await fillCard(page, '4242 4242 4242 4242');
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/34');
    await page.getByRole('button', { name: 'Deposit $25.00' }).click();

    await expect(page.getByRole('heading', { name: 'Deposit successful' })).toBeVisible();
    await expect(page.getByTestId('deposit-id')).not.toBeEmpty();
    await expect(page.getByText('Deposit Failed, Check Card Info')).toHaveCount(0);
    await expect(balanceOn(page)).toContainText('$1,025.00');
    expect(await apiBalance(page)).toBe(WELCOME_BONUS + 2_500);
    expect(page.url()).not.toContain('4242');

    await page.getByRole('button', { name: 'Deposit More' }).click();
    await expect(page.getByLabel('Add Amount')).toHaveValue('');
    await expect(page.getByLabel('Add Amount')).toBeFocused();
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Deposit', exact: true })).toBeVisible();
  });

  test('a declined card shows the card error, no success, and moves no money', async ({ page }) => {
    await signedIn(page);
    await page.goto('/dashboard/BankTransfer');
    await page.getByLabel('Add Amount').fill('40');
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Deposit $40.00' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'Deposit Failed, Check Card Info' })).toBeVisible();
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    await expect(page.getByLabel('Card number')).toBeFocused();
    await expect(page.getByText('Deposit successful')).toHaveCount(0);
    expect(await apiBalance(page)).toBe(WELCOME_BONUS);

    // While the card error shows, Deposit only brings the person back to the card.
    const cardCalls: string[] = [];
    page.on('request', (request) => {
      if (/card-sandbox|deposits\/card/.test(request.url())) cardCalls.push(request.url());
    });
    await page.getByLabel('Add Amount').focus();
    await page.getByRole('button', { name: 'Deposit $40.00' }).click();
    await expect(page.getByLabel('Card number')).toBeFocused();
    expect(cardCalls).toEqual([]);

    // Another card clears the error and goes through.
    await page.getByLabel('Card number').fill('');
    await page.getByLabel('Card number').pressSequentially('4242424242424242');
    await expect(page.getByText('Your card was declined.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Deposit $40.00' }).click();
    await expect(page.getByRole('heading', { name: 'Deposit successful' })).toBeVisible();
    expect(await apiBalance(page)).toBe(WELCOME_BONUS + 4_000);
  });

  test('a card number that fails the Luhn check is refused under the card field', async ({ page }) => {
    await signedIn(page);
    await page.goto('/dashboard/BankTransfer');
    await page.getByLabel('Add Amount').fill('10');
    await fillCard(page, '4242 4242 4242 4241');
    await page.getByRole('button', { name: 'Deposit $10.00' }).click();
    await expect(page.getByText('Your card number is invalid.')).toBeVisible();
    await expect(page.getByText('Deposit Failed, Check Card Info')).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Deposit successful')).toHaveCount(0);
    expect(await apiBalance(page)).toBe(WELCOME_BONUS);
  });

  test('the card provider’s own refusal is shown under the card fields', async ({ page }) => {
    await signedIn(page);
    // An expiry the browser accepts but the provider refuses: the provider has the last word.
    await page.route('**/api/v1/card-sandbox/payment-methods', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'card_invalid', message: 'Card details are not valid', fields: { expYear: "Your card's expiration date is invalid." } } }),
      }),
    );
    await page.goto('/dashboard/BankTransfer');
    await page.getByLabel('Add Amount').fill('10');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Deposit $10.00' }).click();
    await expect(page.getByText("Your card's expiration date is invalid.")).toBeVisible();
    await expect(page.getByLabel('Expiry (MM/YY)')).toBeFocused();
    await expect(page.getByText('Deposit Failed, Check Card Info')).toBeVisible();
  });
});

test.describe('PayPal top-up', () => {
  test('approving adds $2.00 once, even when Approve is pressed twice', async ({ page }) => {
    await signedIn(page);
    await page.goto('/dashboard/paypal');
    await expect(balanceOn(page)).toContainText('$1,000.00');
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await expect(page.getByRole('heading', { name: 'Approve payment of $2.00 to Poisha?' })).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).dblclick();

    await expect(page.getByText('$2.00 added to your wallet')).toBeVisible();
    await expect(balanceOn(page)).toContainText('$1,002.00');
    expect(await apiBalance(page)).toBe(WELCOME_BONUS + 200);

    await page.getByRole('button', { name: 'Add another $2.00' }).click();
    await expect(page.getByRole('button', { name: 'Pay with PayPal' })).toBeVisible();
  });

  test('cancelling charges nothing and lets the person start again', async ({ page }) => {
    await signedIn(page);
    await page.goto('/dashboard/paypal');
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Payment cancelled, nothing was charged')).toBeVisible();
    expect(await apiBalance(page)).toBe(WELCOME_BONUS);
    await expect(balanceOn(page)).toContainText('$1,000.00');
    await page.getByRole('button', { name: 'Start again' }).click();
    await expect(page.getByRole('button', { name: 'Pay with PayPal' })).toBeVisible();
  });
});

test('the add-money screens fit a 360 px phone and a wide screen', async ({ page }) => {
  test.setTimeout(scaledTimeout(60_000));
  await signedIn(page);
  for (const route of ['/dashboard/addMoney', '/dashboard/addMoneyFromBank', '/dashboard/BankTransfer', '/dashboard/paypal']) {
    for (const width of [360, 768, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(route);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      expect(await hasHorizontalScroll(page), `${route} at ${width} px`).toBe(false);
    }
  }
});

test('the bank deposit picks one of the linked bank accounts', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/addMoneyFromBank');
  await expect(page.getByText('No bank account is linked yet')).toBeVisible();
  const linked = await page.request.post('/api/v1/bank-accounts', {
    headers: await csrfHeader(page.request),
    data: { bankId: 'dutch-bangla-bank', accountNumber: '20501234567890' },
  });
  expect(linked.status(), await linked.text()).toBe(201);
  await page.reload();
  const picker = page.getByLabel('Your linked bank account');
  await picker.selectOption({ index: 1 });
  await expect(page.getByLabel('Bank', { exact: true })).toHaveValue('dutch-bangla-bank');
  await expect(page.getByLabel('Bank Account Number')).toHaveValue('20501234567890');
});
