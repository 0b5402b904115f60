import { scaledTimeout } from '../playwright.config';
import { csrfHeader, expect, signedIn, test } from './fixtures';
import { newRecipient, sendTransfers } from './ledger-helpers';

/** Dates as the app shows them: Bangladesh time, whatever the test machine's zone. */
const dhakaDateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Dhaka', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)).replace(/\s+/g, ' ');

test('the dashboard shows the latest transactions with real dates, the Overall card and linked accounts', async ({ page, context, playwright, baseURL }) => {
  test.setTimeout(scaledTimeout(60_000));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const bob = await newRecipient(playwright, baseURL ?? '');
  await signedIn(page);

  await page.goto('/dashboard');
  await expect(page.getByText('No bank account is linked yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Link a bank account' })).toBeVisible();

  await sendTransfers(page.request, bob, 6);
  const linked = await page.request.post('/api/v1/bank-accounts', {
    headers: await csrfHeader(page.request),
    data: { bankId: 'brac-bank', accountNumber: '1234567890123' },
  });
  expect(linked.status()).toBe(201);
  const statement = (await (await page.request.get('/api/v1/statement?type=all&pageSize=5')).json()) as { items: { createdAt: string }[] };

  await page.reload();
  const latest = page.getByRole('region', { name: 'Latest transactions' });
  const items = latest.getByRole('listitem');
  await expect(items).toHaveCount(5);
  await expect(items.first()).toContainText(bob.name);
  await expect(items.first()).toContainText('-$6.00');
  for (const [index, entry] of statement.items.entries()) {
    await expect(items.nth(index).locator('time')).toHaveText(dhakaDateTime(entry.createdAt));
    await expect(items.nth(index).locator('time')).toHaveAttribute('datetime', entry.createdAt);
  }
  await expect(latest).not.toContainText('22.08.2022');
  await latest.getByRole('link', { name: 'View full history' }).click();
  await expect(page).toHaveURL(/\/dashboard\/TransitionHistory\?type=all$/);
  await expect(page.getByRole('tab', { name: 'View All' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();

  // Overall: 1 + 2 + … + 6 = 21 dollars sent, all of it this week, month and year.
  const overall = page.getByRole('region', { name: 'Overall' });
  for (const period of ['This week', 'This month', 'This year']) {
    await expect(overall.getByText(period)).toBeVisible();
  }
  await expect(overall.getByRole('definition')).toHaveText(['$21.00', '$21.00', '$21.00']);
  await expect(overall.getByRole('figure', { name: 'Money sent in the last 6 months' })).toBeVisible();
  await expect(overall.getByRole('table')).toContainText('$21.00');

  const accounts = page.getByRole('region', { name: 'Linked accounts' });
  await expect(accounts).toContainText('BRAC Bank');
  await expect(accounts).toContainText('•••• 0123');
  await expect(accounts).not.toContainText('1234567890123');
  await accounts.getByRole('button', { name: /Copy the account number of BRAC Bank/ }).click();
  await expect(accounts.getByRole('status')).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('1234567890123');
  await expect(accounts.getByRole('status')).toHaveText('', { timeout: scaledTimeout(5_000) });
});

test('the wide top bar is not empty: the balance, the bell, the language and the person with a menu', async ({ page }) => {
  const user = await signedIn(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/Faqs');
  const bar = page.getByRole('banner').filter({ has: page.getByTestId('top-bar-balance') });
  await expect(bar.getByTestId('top-bar-balance')).toHaveText('Balance $1,000.00');
  await expect(bar.getByRole('button', { name: /Notifications/ })).toBeVisible();
  await expect(bar.getByRole('group', { name: 'Language' })).toBeVisible();

  const firstName = user.name.split(' ')[0] ?? '';
  const menuButton = bar.getByRole('button', { name: new RegExp(firstName) });
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(bar.getByText(user.email)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await bar.getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myAccount$/);
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await bar.getByTestId('top-bar-balance').click();
  await expect(page).toHaveURL(/\/dashboard\/TransitionHistory$/);
});
