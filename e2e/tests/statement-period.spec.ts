import { scaledTimeout } from '../playwright.config';
import { expect, signedIn, test } from './fixtures';
import { newRecipient, sendTransfers, statementAfterTransfers } from './ledger-helpers';

/** Today in Dhaka, as the date inputs show it. */
const dhakaToday = () => new Date(Date.now() + 6 * 60 * 60 * 1000).toISOString().slice(0, 10);

test('the statement screen explains a period and downloads its PDF and CSV', async ({ page, playwright, baseURL }) => {
  test.setTimeout(scaledTimeout(60_000));
  await statementAfterTransfers(page, playwright, baseURL, 3);

  const period = page.getByRole('region', { name: 'Statement for a period' });
  await expect(period.getByLabel('From')).toHaveValue(`${dhakaToday().slice(0, 8)}01`);
  await expect(period.getByLabel('To')).toHaveValue(dhakaToday());

  // This month: the welcome bonus in, 1 + 2 + 3 dollars out. 0 + 1,000 - 6 = 994.
  const explainer = period.getByRole('table', { name: /Opening balance, money in and out/ });
  await expect(explainer.getByRole('row', { name: /Opening balance/ })).toContainText('$0.00');
  await expect(explainer.getByRole('row', { name: /Welcome bonus/ })).toContainText('+$1,000.00');
  await expect(explainer.getByRole('row', { name: /Sent/ })).toContainText('(3)');
  await expect(explainer.getByRole('row', { name: /Sent/ })).toContainText('-$6.00');
  await expect(explainer.getByRole('row', { name: /Closing balance/ })).toContainText('$994.00');
  await expect(explainer).toContainText('Money in $1,000.00 · Money out $6.00');

  const pdf = page.waitForEvent('download');
  await period.getByRole('link', { name: 'Download PDF' }).click();
  const pdfFile = await pdf;
  expect(pdfFile.suggestedFilename()).toMatch(/^poisha-statement-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.pdf$/);
  const csv = page.waitForEvent('download');
  await period.getByRole('link', { name: 'Download CSV' }).click();
  expect((await csv).suggestedFilename()).toMatch(/\.csv$/);

  // A period before the account existed: nothing moved, and the balance was 0.
  await period.getByLabel('From').fill('2020-01-01');
  await period.getByLabel('To').fill('2020-01-31');
  await expect(explainer).toContainText('No money moved in these dates.');
  // The wrong way round: said at the field, and nothing to download.
  await period.getByLabel('From').fill('2020-02-01');
  await expect(period.getByText('The start date must not be after the end date.')).toBeVisible();
  await expect(period.getByRole('link', { name: 'Download PDF' })).toHaveCount(0);

  await expect(page.getByRole('region', { name: 'Monthly statements' })).toContainText('Your first monthly statement arrives on the 1st of next month.');
});

test('the PDF comes in the language the app is shown in', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/TransitionHistory');
  await page.getByRole('button', { name: 'বাংলা' }).first().click();
  const link = page.getByRole('link', { name: 'PDF ডাউনলোড' });
  await expect(link).toHaveAttribute('href', /lang=bn/);
  const response = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test.describe('screenshots', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');
  for (const width of [360, 1280]) {
    test(`statement period and explainer at ${width} px`, async ({ page, playwright, baseURL }) => {
      const bob = await newRecipient(playwright, baseURL ?? '');
      await signedIn(page);
      await sendTransfers(page.request, bob, 2);
      await page.setViewportSize({ width, height: 900 });
      const dir = process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots';
      await page.goto('/dashboard/TransitionHistory');
      const period = page.getByRole('region', { name: 'Statement for a period' });
      await expect(period.getByRole('row', { name: /Closing balance/ })).toBeVisible();
      await period.screenshot({ path: `${dir}/statement-period-en-${width}.png` });
      await page.getByRole('region', { name: 'Monthly statements' }).screenshot({ path: `${dir}/statement-monthly-en-${width}.png` });
      await page.getByRole('button', { name: 'বাংলা' }).first().click();
      const periodBn = page.getByRole('region', { name: 'নির্দিষ্ট সময়ের বিবরণী' });
      await expect(periodBn.getByRole('row', { name: /শেষের ব্যালেন্স/ })).toBeVisible();
      await periodBn.screenshot({ path: `${dir}/statement-period-bn-${width}.png` });
      await page.getByRole('region', { name: 'মাসিক বিবরণী' }).screenshot({ path: `${dir}/statement-monthly-bn-${width}.png` });
    });
  }
});
