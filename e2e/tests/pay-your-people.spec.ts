import { maskedName } from '@poisha/contracts';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { scaledTimeout } from '../playwright.config';
import { csrfHeader, expect, formatCents, registerUser, signedIn, test, TEST_PIN, type TestUser, typePaymentPin } from './fixtures';
import { newRecipient } from './ledger-helpers';

const WELCOME_BONUS = 100_000;

/** A second person in a browser of their own (own cookies), signed in. */
async function secondPerson(browser: Browser): Promise<{ page: Page; user: TestUser }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await registerUser(page.request);
  return { page, user };
}

async function addFavouriteOverApi(request: APIRequestContext, contact: TestUser, name: string) {
  const response = await request.post('/api/v1/favourites', { headers: await csrfHeader(request), data: { name, phone: contact.phone, origin: 'Dhaka' } });
  expect(response.status(), await response.text()).toBe(201);
}

test('add a favourite and Quick Pay it: Send Money opens filled in, warns on a first payment, and really sends', async ({ page, playwright, baseURL }) => {
  test.setTimeout(scaledTimeout(60_000));
  const bob = await newRecipient(playwright, baseURL ?? '');
  await signedIn(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/dashboard/addAccount');
  await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
  // Every field is required, with its own message.
  await page.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(page.getByText('Account holder name is required')).toBeVisible();
  await expect(page.getByText('Phone Number is required')).toBeVisible();
  await expect(page.getByText('Origin is required')).toBeVisible();

  await page.getByLabel("Account holder's name").fill('Bobby');
  await page.getByLabel('Wallet phone number').fill(bob.phone);
  await page.getByLabel('Origin').fill('Dhaka');
  await page.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'successfully new Account added' })).toBeVisible();
  const row = page.getByTestId('favourite');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Bobby');
  await expect(row).toContainText(`Registered as ${maskedName(bob.name)}`);

  // The same number again is refused under the field.
  await page.getByLabel("Account holder's name").fill('Bob again');
  await page.getByLabel('Wallet phone number').fill(bob.phone);
  await page.getByLabel('Origin').fill('Office');
  await page.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(page.getByText('This number is already in your favourites')).toBeVisible();

  await page.getByRole('link', { name: 'Quick Pay Bobby' }).click();
  await expect(page).toHaveURL(/\/dashboard\/sendMoney\?to=/);
  const picks = page.getByRole('navigation', { name: 'Pay a favourite' });
  await expect(picks.getByRole('link', { name: 'Bobby' })).toBeVisible();
  await page.getByLabel('Amount (USD)').fill('25');
  await page.getByLabel('Reference').fill('7');
  await page.getByRole('button', { name: 'Send Money' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirm sending money' });
  // The confirm step shows the masked name (issue 10, defect 7); the full one comes after sending.
  await expect(confirm).toContainText(maskedName(bob.name));
  await expect(confirm).toContainText('First time paying this number: check the name');
  await typePaymentPin(confirm);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const done = page.getByRole('dialog', { name: 'Done' });
  await expect(done).toContainText('Total $25.00 Successfully sent');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(formatCents(WELCOME_BONUS - 2_500), { exact: true })).toBeVisible();

  // Paid once: the next payment to the same number has no warning.
  await picks.getByRole('link', { name: 'Bobby' }).click();
  await page.getByLabel('Amount (USD)').fill('1');
  await page.getByLabel('Reference').fill('8');
  await page.getByRole('button', { name: 'Send Money' }).click();
  // The confirm step shows the masked name (issue 10, defect 7); the full one comes after sending.
  await expect(confirm).toContainText(maskedName(bob.name));
  await expect(confirm).not.toContainText('First time paying this number');
});

test('request money and pay it from the other account; both see the notification without a reload', async ({ page, browser }) => {
  test.setTimeout(scaledTimeout(90_000));
  const alice = await signedIn(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { page: bobPage, user: bob } = await secondPerson(browser);

  await page.goto('/dashboard/RequestMoney');
  await page.getByLabel('Phone number to ask').fill(bob.phone);
  await page.getByLabel('Amount (USD)').fill('40');
  await page.getByLabel('Note').fill('Lunch');
  await page.getByRole('button', { name: 'Request Money', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `Request sent to ${maskedName(bob.name)}` })).toBeVisible();
  const sent = page.getByTestId('request-sent');
  await expect(sent).toContainText(`You asked ${maskedName(bob.name)}`);
  await expect(sent).toContainText('$40.00');
  await expect(sent).toContainText('Pending');

  // Bob's dashboard shows the request in the bell.
  await bobPage.goto('/dashboard');
  const bobBell = bobPage.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bobBell).toBeVisible();
  await bobBell.click();
  const bobList = bobPage.getByRole('dialog', { name: 'Notifications' });
  await bobList.getByRole('button', { name: `${alice.name} asks you for $40.00` }).click();
  await expect(bobPage).toHaveURL(/\/dashboard\/RequestMoney$/);
  await expect(bobPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await bobPage.getByRole('button', { name: `Pay ${alice.name}` }).click();
  const confirm = bobPage.getByRole('dialog', { name: 'Confirm payment' });
  await expect(confirm).toContainText(alice.name);
  await expect(confirm).toContainText('$40.00');
  await expect(confirm).toContainText(formatCents(WELCOME_BONUS));
  await typePaymentPin(confirm);
  await confirm.getByRole('button', { name: 'Pay $40.00' }).click();
  await expect(bobPage.getByRole('status').filter({ hasText: `You paid ${alice.name}` })).toBeVisible();
  await expect(bobPage.getByTestId('request-received')).toContainText('Paid');
  await expect(bobPage.getByRole('button', { name: `Pay ${alice.name}` })).toHaveCount(0);

  // Alice's open page learns of it by itself: one notification for the paid request (not two).
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible({ timeout: scaledTimeout(15_000) });
  await expect(sent).toContainText('Paid');
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const aliceList = page.getByRole('dialog', { name: 'Notifications' });
  await expect(aliceList).toContainText(`${bob.name} paid your request for $40.00`);
  await aliceList.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(aliceList).toContainText('You are all caught up.');
  await aliceList.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText(formatCents(WELCOME_BONUS + 4_000), { exact: true }).first()).toBeVisible();
});

test('delete the second of three favourites: that one goes, after "Are you sure?"', async ({ page, playwright, baseURL }) => {
  await signedIn(page);
  const contacts = [await newRecipient(playwright, baseURL ?? ''), await newRecipient(playwright, baseURL ?? ''), await newRecipient(playwright, baseURL ?? '')];
  for (const [index, contact] of contacts.entries()) await addFavouriteOverApi(page.request, contact, `Friend ${index + 1}`);

  await page.goto('/dashboard/addAccount');
  const rows = page.getByTestId('favourite');
  // Newest first.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Friend 3');
  await expect(rows.nth(1)).toContainText('Friend 2');
  await expect(rows.nth(2)).toContainText('Friend 1');

  await rows.nth(1).getByRole('button', { name: 'Delete Friend 2' }).click();
  const question = page.getByRole('alertdialog', { name: 'Delete favourite' });
  await expect(question).toContainText('Are you sure?');
  await question.getByRole('button', { name: 'Keep' }).click();
  await expect(rows).toHaveCount(3);

  await rows.nth(1).getByRole('button', { name: 'Delete Friend 2' }).click();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Friend 3');
  await expect(rows.nth(1)).toContainText('Friend 1');
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('Friend 2')).toHaveCount(0);
});

test('a favourite’s Money Request and a sent entry’s "Ask for it back" fill in the request form', async ({ page, playwright, baseURL }) => {
  await signedIn(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const bob = await newRecipient(playwright, baseURL ?? '');
  await addFavouriteOverApi(page.request, bob, 'Bobby');
  await page.goto('/addAccount');
  await page.getByRole('link', { name: 'Money Request to Bobby' }).click();
  await expect(page).toHaveURL(/\/dashboard\/RequestMoney\?from=/);
  await expect(page.getByLabel('Phone number to ask')).not.toHaveValue('');

  const response = await page.request.post('/api/v1/transfers', {
    headers: { ...(await csrfHeader(page.request)), 'idempotency-key': `back-${Date.now()}` },
    data: { to: bob.phone, amount: 7_550, reference: '9', pin: TEST_PIN },
  });
  expect(response.status()).toBe(201);
  await page.goto('/dashboard/TransitionHistory');
  await page.getByRole('row').filter({ hasText: bob.name }).getByRole('link', { name: 'Ask for it back' }).click();
  await expect(page).toHaveURL(/\/dashboard\/RequestMoney\?/);
  // The cents come along (issue 24, defect 14): the field used to stay empty for 75.50.
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('75.50');
  await page.getByRole('button', { name: 'Request Money', exact: true }).click();
  await expect(page.getByTestId('request-sent').first()).toContainText(`You asked ${maskedName(bob.name)}`);
  await expect(page.getByTestId('request-sent').first()).toContainText('$75.50');
});
