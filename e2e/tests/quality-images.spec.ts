import type { Page } from '@playwright/test';
import { settle, signedInWithData } from './a11y-helpers';
import { scaledTimeout } from '../playwright.config';
import { expect, test } from './fixtures';

/**
 * Pictures on a cheap phone: every <img> says its size up front (width and height, so nothing jumps
 * as it loads) and one that starts below the first screen waits until it is scrolled near
 * (loading="lazy"). Checked at 360 px, where most of a page is below the first screen.
 */

// Each test signs up and fills a wallet, then visits many screens: more than the default 30 s under load.
test.describe.configure({ timeout: scaledTimeout(90_000) });

async function imageProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const image of Array.from(document.images)) {
      const name = image.getAttribute('src') ?? '(no src)';
      if (!image.hasAttribute('width') || !image.hasAttribute('height')) problems.push(`${name}: no width and height attributes`);
      const top = image.getBoundingClientRect().top + window.scrollY;
      if (top > window.innerHeight && image.getAttribute('loading') !== 'lazy') problems.push(`${name}: below the first screen (${Math.round(top)} px) but not loading="lazy"`);
    }
    return problems;
  });
}

test.use({ viewport: { width: 360, height: 740 } });

test('public site (features/public, features/contact): images have a size and load lazily below the first screen', async ({ page }) => {
  await page.goto('/');
  await settle(page);
  const linked = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  const pages = [...new Set(['/', '/aboutUs', '/contactUs', ...linked])].filter((path) => !/^\/(dashboard|login|signup|resetpassword)/i.test(path));
  for (const path of pages) {
    await page.goto(path);
    await settle(page);
    expect.soft(await imageProblems(page), path).toEqual([]);
  }
});

test('signed-in screens and sign-in screens: images have a size and load lazily below the first screen', async ({ page, playwright, baseURL }) => {
  for (const path of ['/login', '/signUp', '/resetpassword']) {
    await page.goto(path);
    await settle(page);
    expect.soft(await imageProblems(page), path).toEqual([]);
  }
  await signedInWithData(page, playwright, baseURL ?? '');
  for (const path of ['/dashboard', '/dashboard/myAccount', '/dashboard/sendMoney', '/dashboard/addMoney', '/dashboard/TransitionHistory', '/dashboard/BankTransfer', '/dashboard/paypal']) {
    await page.goto(path);
    await settle(page);
    expect.soft(await imageProblems(page), path).toEqual([]);
  }
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  expect.soft(await imageProblems(page), 'the navigation drawer').toEqual([]);
});
