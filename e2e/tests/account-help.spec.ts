import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { csrfHeader, expect, logIn, newUser, registerUser, signedIn, test, TEST_PIN, type TestUser } from './fixtures';

/** Sends the whole balance of the signed-in user of `page` to a new account (made with its own cookie jar), leaving it at zero. */
async function emptyWallet(page: Page, request: APIRequestContext) {
  const me = (await (await page.request.get('/api/v1/me')).json()) as { balance: { amount: number } };
  const friend = await registerUser(request);
  const sent = await page.request.post('/api/v1/transfers', {
    headers: { ...(await csrfHeader(page.request)), 'idempotency-key': crypto.randomUUID() },
    data: { to: friend.phone, amount: me.balance.amount, reference: '1', pin: TEST_PIN },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

/** Clicks "Upload Profile Photo" and picks the file in the browser's file chooser, as a person would. */
async function choosePhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Profile Photo' }).click();
  await (await chooser).setFiles(file);
}

test('uploads a profile photo, shows it in the navigation, and removes it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await signedIn(page);
  await page.goto('/dashboard/Setting');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Setting' })).toBeVisible();
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0a7' } }).jpeg().toBuffer();
  await choosePhoto(page, { name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('Your new photo is saved.')).toBeVisible();
  const navPhoto = page.getByRole('navigation', { name: 'Dashboard' }).locator('..').locator('img[src^="/api/v1/photos/"]');
  await expect(navPhoto).toBeVisible();
  await expect(page.getByRole('img', { name: `Profile photo of ${user.name}` })).toBeVisible();

  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Your photo is removed.')).toBeVisible();
  await expect(navPhoto).toHaveCount(0);

  await choosePhoto(page, { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await expect(page.getByText('Choose a JPEG, PNG or WebP image')).toBeVisible();
});

test('changes the password and signs in with the new one', async ({ page }) => {
  const user = await signedIn(page);
  await page.goto('/dashboard/Setting');
  // Settings asks for the current password in the phone card too: this is the password card's.
  await page.getByRole('region', { name: 'Change Password' }).getByLabel('Current password', { exact: true }).fill(user.password);
  await page.getByLabel('New password', { exact: true }).fill('my new password 123');
  await page.getByLabel('Confirm Password', { exact: true }).fill('my new password 123');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText(/Your password is changed/)).toBeVisible();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();

  await page.goto('/dashboard/LogOut');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, user.email, user.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await logIn(page, user.email, 'my new password 123');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('closes an account, which can then no longer sign in', async ({ page, request }) => {
  const user: TestUser = await signedIn(page);
  await page.goto('/dashboard/Setting');
  // Settings asks for the password in more than one card (two-step sign-in, passkeys): this is the closing one's.
  const closing = page.getByRole('region', { name: 'Close Account' });
  await closing.getByLabel('Your password').fill(user.password);
  await page.getByRole('button', { name: 'Close Account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, close it' }).click();
  await expect(page.getByText('Withdraw or send your balance before closing your account')).toBeVisible();

  await emptyWallet(page, request);
  await page.reload();
  await closing.getByLabel('Your password').fill(user.password);
  await page.getByRole('button', { name: 'Close Account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, close it' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, user.email, user.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  // The e-mail and phone are free again: a sign-up with them is accepted. (Its code waits: a number
  // gets one SMS a minute, and the closed account's came less than a minute ago.)
  await registerUser(request, { ...newUser(), email: user.email, phone: user.phone }, { provePhone: false });
});

test('opens a ticket about a transaction from the statement and sees it in the list', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedIn(page);
  await page.goto('/dashboard/TransitionHistory?type=all');
  await page.getByRole('link', { name: 'Report a problem' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/SupportTicket\?transaction=/);
  await expect(page.getByLabel('Transaction (optional)')).not.toHaveValue('');
  await expect(page.getByLabel('Transaction (optional)').locator('option:checked')).toContainText('Welcome bonus');
  await page.getByLabel('Subject').fill('Welcome bonus question');
  await page.getByLabel('Message').fill('Is this bonus mine to keep?');
  await page.getByRole('button', { name: 'Open ticket' }).click();
  await expect(page.getByText('Your ticket is open.')).toBeVisible();
  const list = page.getByRole('region', { name: 'Your tickets' });
  await expect(list.getByRole('button', { name: /Welcome bonus question/ })).toContainText('Open');
  await expect(page.getByText(/About: Welcome bonus/)).toBeVisible();

  await page.getByLabel('Your reply').fill('Thanks in advance');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Thanks in advance')).toBeVisible();
  await page.getByRole('button', { name: 'Close ticket' }).click();
  await expect(list.getByRole('button', { name: /Welcome bonus question/ })).toContainText('Closed');
});

test('opens a ticket about no particular transaction', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/SupportTicket');
  await expect(page.getByLabel('Transaction (optional)')).toHaveValue('');
  await page.getByLabel('Subject').fill('How do limits work?');
  await page.getByLabel('Message').fill('I would like to know before I send money.');
  await page.getByRole('button', { name: 'Open ticket' }).click();
  await expect(page.getByText('Your ticket is open.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your tickets' }).getByRole('button', { name: /How do limits work\?/ })).toContainText('Open');
});

test('adds a review and sees it on the landing page', async ({ page }) => {
  const user = await signedIn(page);
  await page.goto('/dashboard/addReview');
  await expect(page.getByRole('heading', { name: 'Add review!' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(user.name);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('number is required')).toBeVisible();
  await expect(page.getByText('feedback is required')).toBeVisible();
  await page.getByLabel('Rate Count').fill('x');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Only Number is allowed')).toBeVisible();
  await page.getByLabel('Rate Count').fill('5');
  const text = `Fast and simple <script>alert(1)</script> ${user.email}`;
  await page.getByLabel('Feedback').fill(text);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Review successfully Added')).toBeVisible();
  await expect(page.getByLabel('Rate Count')).toHaveValue('');

  await page.goto('/');
  await expect(page.getByText(text)).toBeVisible();
});

test('converts 1000 BDT to USD and back', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/CurrencyConvert');
  const result = page.getByRole('status').filter({ hasText: '=' });
  await expect(result).toHaveText('0 BDT = 0.00 USD');
  await page.getByLabel('Amount').fill('1000');
  await expect(result).toHaveText('1,000 BDT = 11.00 USD');
  await page.getByRole('button', { name: /Swap/ }).click();
  await page.getByLabel('Amount').fill('11');
  await expect(result).toHaveText('11 USD = 1,000.00 BDT');
  await page.getByLabel('Amount').fill('abc');
  await expect(result).toHaveText('0 USD = 0.00 BDT');
});

test('FAQs open with the keyboard and can be searched; loan interest is registered once', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/Faqs');
  const questions = page.locator('details');
  await expect(questions).toHaveCount(7);
  await page.locator('summary', { hasText: 'Why was I signed out?' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/after 10 minutes without activity/)).toBeVisible();
  await page.getByLabel('Search the questions').fill('lost');
  await expect(questions).toHaveCount(1);
  await questions.first().locator('summary').click();
  await expect(questions.first()).toContainText('+880 9612 345678');
  await page.getByLabel('Search the questions').fill('zzzz');
  await expect(page.getByText('No question matches your search.')).toBeVisible();

  await page.goto('/dashboard/takeLone');
  await expect(page.getByRole('heading', { name: 'Hi, do you want to take loans?' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, tell me when loans start' }).click();
  await expect(page.getByText(/Your interest was registered on/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/Your interest was registered on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yes, tell me when loans start' })).toHaveCount(0);
});
