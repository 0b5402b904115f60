import { maskedName } from '@poisha/contracts';
import type { Browser, Page } from '@playwright/test';
import { scaledTimeout } from '../playwright.config';
import { expect, fillBankForm, formatCents, logIn, newUser, signedIn, signUp, test, typePaymentPin } from './fixtures';
import { newRecipient } from './ledger-helpers';

const WELCOME_BONUS = 100_000;

async function fillSendMoney(page: Page, values: { to: string; amount: string; reference?: string }) {
  await page.getByLabel('Receiver Number').fill(values.to);
  await page.getByLabel('Amount (USD)').fill(values.amount);
  await page.getByLabel('Reference').fill(values.reference ?? '42');
}

/** A browser of its own for a second person (its own cookies). */
async function secondBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('A sends money to B with a confirm step; both see it in their statement and balance', async ({ page, browser, playwright, baseURL }) => {
  test.setTimeout(scaledTimeout(60_000));
  const bob = await newRecipient(playwright, baseURL ?? '');
  const alice = await signUp(page);
  // Alice adds 500 USD through the bank form, as a person would.
  await page.goto('/dashboard/addMoneyFromBank');
  await fillBankForm(page, { amount: '500' });
  await page.getByRole('button', { name: 'Add money' }).click();
  await expect(page.getByText('$500.00 added to your wallet')).toBeVisible();
  const aliceStart = WELCOME_BONUS + 50_000;

  await page.goto('/dashboard/sendMoney');
  await expect(page.getByRole('heading', { level: 1, name: 'Send Money' })).toBeVisible();
  await expect(page.getByText('Your Available Balance')).toBeVisible();
  await expect(page.getByText(formatCents(aliceStart), { exact: true })).toBeVisible();

  await fillSendMoney(page, { to: bob.phone, amount: '120', reference: '2024' });
  await page.getByRole('button', { name: 'Send Money' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirm sending money' });
  await expect(confirm).toBeVisible();
  // The confirm step shows the masked name (issue 10, defect 7); the full one comes after sending.
  await expect(confirm).toContainText(maskedName(bob.name));
  await expect(confirm).toContainText('$120.00');
  await expect(confirm).toContainText('2024');
  await typePaymentPin(confirm);
  await confirm.getByRole('button', { name: 'Confirm' }).click();

  const done = page.getByRole('dialog', { name: 'Done' });
  await expect(done).toBeVisible();
  await expect(done).toContainText('Total $120.00 Successfully sent');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(done).toBeHidden();

  // The form is empty again and the balance is the new one, without a reload.
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('');
  await expect(page.getByLabel('Reference')).toHaveValue('');
  await expect(page.getByText(formatCents(aliceStart - 12_000), { exact: true })).toBeVisible();

  // Alice's statement opens on "Send Money" and shows the transfer to Bob.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/TransitionHistory');
  await expect(page.getByRole('tab', { name: 'Send Money' })).toHaveAttribute('aria-selected', 'true');
  const sentRow = page.getByRole('row').filter({ hasText: bob.name });
  await expect(sentRow).toHaveCount(1);
  await expect(sentRow).toContainText('-$120.00');
  await expect(sentRow).toContainText('Transfer');
  await expect(sentRow).toContainText('2024');
  await expect(sentRow).toContainText(formatCents(aliceStart - 12_000));

  // Bob signs in elsewhere and sees the money arrive.
  const bobPage = await secondBrowser(browser);
  await bobPage.setViewportSize({ width: 1280, height: 800 });
  await bobPage.goto('/login');
  await logIn(bobPage, bob.email, bob.password);
  await expect(bobPage).toHaveURL(/\/dashboard$/);
  await bobPage.goto('/dashboard/TransitionHistory');
  await bobPage.getByRole('tab', { name: 'Received Money' }).click();
  const receivedRow = bobPage.getByRole('row').filter({ hasText: alice.name });
  await expect(receivedRow).toContainText('+$120.00');
  await bobPage.goto('/dashboard/myAccount');
  await expect(bobPage.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(bobPage.getByText('Account Funds')).toBeVisible();
  await expect(bobPage.getByText(formatCents(WELCOME_BONUS + 12_000), { exact: true })).toBeVisible();
  await expect(bobPage.getByText(bob.name, { exact: true }).first()).toBeVisible();
  await bobPage.context().close();
});

test('sends 75.50 with a Bangla reference, and "Ask for it back" asks for 75.50 (issue 24, defect 14)', async ({ page, playwright, baseURL }) => {
  const bob = await newRecipient(playwright, baseURL ?? '');
  await signedIn(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/sendMoney');
  await fillSendMoney(page, { to: bob.phone, amount: '75.50', reference: 'নভেম্বরের ভাড়া' });
  await page.getByRole('button', { name: 'Send Money' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm sending money' });
  await expect(confirm).toContainText('$75.50');
  await expect(confirm).toContainText('নভেম্বরের ভাড়া');
  await typePaymentPin(confirm);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog', { name: 'Done' })).toContainText('Total $75.50 Successfully sent');
  await page.getByRole('dialog', { name: 'Done' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(formatCents(WELCOME_BONUS - 7_550), { exact: true })).toBeVisible();

  await page.goto('/dashboard/TransitionHistory');
  const sentRow = page.getByRole('row').filter({ hasText: bob.name });
  await expect(sentRow).toContainText('-$75.50');
  await expect(sentRow).toContainText('নভেম্বরের ভাড়া');
  await sentRow.getByRole('link', { name: 'Ask for it back' }).click();
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('75.50');
});

test('an unknown number and the own number are refused under the receiver field', async ({ page }) => {
  const user = await signedIn(page);
  await page.goto('/dashboard/sendMoney');

  await fillSendMoney(page, { to: newUser().phone, amount: '10' });
  await page.getByRole('button', { name: 'Send Money' }).click();
  await expect(page.getByText('No Poisha wallet has this number')).toBeVisible();
  await expect(page.getByLabel('Receiver Number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByLabel('Receiver Number').fill(user.phone);
  await page.getByRole('button', { name: 'Send Money' }).click();
  await expect(page.getByText('You cannot send money to yourself')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the form checks its fields with the product’s messages', async ({ page }) => {
  await signedIn(page);
  await page.goto('/sendMoney');
  await page.getByRole('button', { name: 'Send Money' }).click();
  await expect(page.getByText('Phone Number is required')).toBeVisible();
  await expect(page.getByText('Please Type Your Amount')).toBeVisible();
  await expect(page.getByText('Reference is required')).toBeVisible();

  await page.getByLabel('Amount (USD)').fill('12.505');
  await page.getByLabel('Reference').fill('r'.repeat(51));
  await page.getByRole('button', { name: 'Send Money' }).click();
  await expect(page.getByText('Provide Valid Amount')).toBeVisible();
  await expect(page.getByText('Reference must be at most 50 characters')).toBeVisible();
});

test('more than the balance is refused at the amount field, with the balance beside it, before the confirm sheet', async ({ page, playwright, baseURL }) => {
  const bob = await newRecipient(playwright, baseURL ?? '');
  await signedIn(page);
  await page.goto('/dashboard/sendMoney');
  const amount = page.getByLabel('Amount (USD)');
  // The field says what is available before anything is typed.
  await expect(page.getByText(`US dollars, cents allowed (75.50). Available: ${formatCents(WELCOME_BONUS)}`)).toBeVisible();
  await fillSendMoney(page, { to: bob.phone, amount: '1001' });
  await page.getByRole('button', { name: 'Send Money' }).click();
  await expect(page.getByText(`Not enough balance: you have ${formatCents(WELCOME_BONUS)}`)).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toBeFocused();
  await expect(page.getByRole('dialog', { name: 'Confirm sending money' })).toHaveCount(0);
  // The typed values stay, so the amount can be corrected; the whole balance can be sent.
  await expect(amount).toHaveValue('1001');
  await amount.fill('1000');
  await page.getByRole('button', { name: 'Send Money' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm sending money' })).toContainText(maskedName(bob.name));
});

test('a transfer retried after a lost answer is sent once', async ({ page, playwright, baseURL }) => {
  const bob = await newRecipient(playwright, baseURL ?? '');
  await signedIn(page);
  await page.goto('/dashboard/sendMoney');
  await fillSendMoney(page, { to: bob.phone, amount: '7' });
  await page.getByRole('button', { name: 'Send Money' }).click();

  // The first attempt reaches the server, but its answer is lost on the way back.
  const keys: string[] = [];
  let first = true;
  await page.route('**/api/v1/transfers', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (first) {
      first = false;
      await route.fetch();
      await route.abort('failed');
      return;
    }
    await route.continue();
  });
  const confirm = page.getByRole('dialog', { name: 'Confirm sending money' });
  await typePaymentPin(confirm);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByText(/Trying again is safe/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('dialog', { name: 'Done' })).toContainText('Total $7.00 Successfully sent');

  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  const me = (await (await page.request.get('/api/v1/me')).json()) as { balance: { amount: number } };
  expect(me.balance.amount).toBe(WELCOME_BONUS - 700);
});
