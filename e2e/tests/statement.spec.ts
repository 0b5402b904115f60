import { scaledTimeout } from '../playwright.config';
import { expect, hasHorizontalScroll, signedIn, test } from './fixtures';
import { newRecipient, sendTransfers, statementAfterTransfers } from './ledger-helpers';

test('the statement pages through the entries with the chosen page size', async ({ page, playwright, baseURL }) => {
  test.setTimeout(scaledTimeout(60_000));
  await statementAfterTransfers(page, playwright, baseURL, 11);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction History' })).toBeVisible();

  const rows = page.getByRole('tabpanel').locator('table tbody tr');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  // Send Money: 11 transfers, newest first, 5 a page.
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText('-$11.00');
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  await expect(pages.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(3);
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 3')).toBeVisible();
  await expect(rows.first()).toContainText('-$6.00');
  await pages.getByRole('button', { name: 'Page 3' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('-$1.00');
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByLabel('Rows per page').selectOption('10');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(rows).toHaveCount(10);
  await expect(page).toHaveURL(/pageSize=10/);

  // View All adds the welcome bonus: 12 entries.
  await page.getByRole('tab', { name: 'View All' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.last()).toContainText('Welcome bonus');
  await expect(rows.last()).toContainText('+$1,000.00');

  // Received Money: only the welcome bonus.
  await page.getByRole('tab', { name: 'Received Money' }).click();
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Welcome bonus');

  // Export CSV downloads the shown tab.
  await page.getByRole('tab', { name: 'Send Money' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /Export CSV/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
});

test('statement tabs work with the keyboard', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/TransitionHistory');
  await page.getByRole('tab', { name: 'Send Money' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Received Money' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Received Money' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'View All' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('Welcome bonus');
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('statement rows are cards and nothing scrolls sideways', async ({ page, playwright, baseURL }) => {
    const bob = await newRecipient(playwright, baseURL ?? '');
    await signedIn(page);
    await sendTransfers(page.request, bob, 2);
    for (const route of ['/dashboard/TransitionHistory?type=all', '/dashboard/sendMoney', '/dashboard/myAccount', '/dashboard']) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await hasHorizontalScroll(page), route).toBe(false);
    }
    await page.goto('/dashboard/TransitionHistory?type=all');
    await expect(page.getByRole('tabpanel').getByRole('table')).toBeHidden();
    const cards = page.getByRole('list', { name: /View All/ }).getByRole('listitem');
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText(bob.name);
    // Each card says what its second amount is.
    await expect(cards.first()).toContainText(/Balance after \$/);
  });

  test('pagination is one row of Previous and Next, and an empty tab offers no export', async ({ page, playwright, baseURL }) => {
    const bob = await newRecipient(playwright, baseURL ?? '');
    await signedIn(page);
    await page.goto('/dashboard/TransitionHistory?type=sent');
    await expect(page.getByText('You have not sent any money yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Export CSV/ })).toHaveCount(0);

    await sendTransfers(page.request, bob, 6);
    await page.reload();
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByText('Page 1 of 2')).toBeVisible();
    const previous = await pages.getByRole('button', { name: /Previous/ }).boundingBox();
    const next = await pages.getByRole('button', { name: /Next/ }).boundingBox();
    expect(previous?.y, 'Previous and Next on one row').toBe(next?.y);
    await expect(page.getByRole('link', { name: /Export CSV/ })).toBeVisible();
  });
});

test("the latest transactions have the spec's column heads", async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('latest-head')).toHaveText('Number · TypeAmount Money · Date');
});

test('an old link to a page past the end shows the last page there is', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/TransitionHistory?type=all&page=9');
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText('Welcome bonus');
  await expect(page).toHaveURL(/\/dashboard\/TransitionHistory\?type=all$/);
});
