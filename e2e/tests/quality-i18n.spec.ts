import { settle, signedInWithData } from './a11y-helpers';
import { scaledTimeout } from '../playwright.config';
import { expect, test } from './fixtures';

/**
 * Numbers in the reader's language: in Bangla every amount, date and count of the signed-in
 * screens is written by Intl with Bangla digits (০–৯), never with 0–9.
 */

// Each test signs up and fills a wallet, then visits many screens: more than the default 30 s under load.
test.describe.configure({ timeout: scaledTimeout(90_000) });

const BANGLA_DIGIT = /[০-৯]/;
const ASCII_DIGIT = /[0-9]/;

test('in Bangla, amounts, dates, page numbers and the year use Bangla digits', async ({ page, playwright, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(() => window.localStorage.setItem('poisha.language', 'bn'));
  await signedInWithData(page, playwright, baseURL ?? '');

  await page.goto('/dashboard');
  await settle(page);
  const localized = async (texts: string[], what: string) => {
    expect(texts.length, what).toBeGreaterThan(0);
    for (const text of texts) {
      expect.soft(text, `${what}: "${text}"`).toMatch(BANGLA_DIGIT);
      expect.soft(text, `${what}: "${text}"`).not.toMatch(ASCII_DIGIT);
    }
  };
  await localized(await page.locator('section:has(#balance-title) .tabular-nums').allInnerTexts(), 'the balance');
  await localized(await page.locator('main time').allInnerTexts(), 'the latest transactions’ dates');
  await localized(await page.locator('section:has(#overall-title) dd').allInnerTexts(), 'the Overall figures');
  await localized([(await page.getByRole('contentinfo').innerText()).replace(/[^\d০-৯]+/g, ' ').trim()], 'the footer’s year');

  await page.goto('/dashboard/TransitionHistory?type=all');
  await settle(page);
  await localized(await page.locator('main time:visible').allInnerTexts(), 'the statement’s dates');
  await localized(await page.locator('main table td.tabular-nums:visible').allInnerTexts(), 'the balances after each entry');
  await localized([await page.getByRole('navigation', { name: 'পাতা', exact: true }).locator('p').innerText()], 'the page count');
});
