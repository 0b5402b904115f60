import path from 'node:path';
import type { Page } from '@playwright/test';
import { dashboardPages, dashboardScreenOwner, expectClean, scan, settle, signedInWithData } from './a11y-helpers';
import { scaledTimeout } from '../playwright.config';
import { expect, redrawn, test } from './fixtures';
import { misfits } from './fit-checks';

/**
 * Every screen fits every phone: at 360 and 390 px (cheap Android phones) and at 1280 px, in both
 * languages, no element sticks out of the window and no text is cut off. The check looks at each
 * element's own box, not only at the document's scroll width: a card clipped by an ancestor with
 * overflow hidden, or a field running past its card, never widens the document and was missed.
 * On the same visits: no button is written in capitals only, Bangla pages have no Latin digit, and
 * each dashboard page passes axe (a11y.spec.ts's rules) in English at 1280 px and in Bangla at 360 px.
 */

const publicRoutes = ['/', '/login', '/signUp', '/resetpassword', '/aboutUs', '/contactUs', '/terms', '/privacy', '/services/send-money', '/verify', '/no/such/page'];
const widths = [360, 390, 1280];
const languages = ['en', 'bn'] as const;
/** With SCREENSHOTS=1, every visit is also saved as a picture to look at (en-360_dashboard_sendMoney.png). */
const shotsDir = process.env.SCREENSHOTS ? (process.env.SCREENSHOT_DIR ?? path.resolve('test-results', 'shots')) : null;

test.describe.configure({ timeout: scaledTimeout(120_000) });

/**
 * Buttons (and links drawn as buttons) whose text shows in capitals only, such as "LOGIN" beside
 * "Add money": one case style for all buttons. innerText is the text as drawn, after text-transform.
 */
async function shoutingButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, a, [role="button"]'))
      .filter((element) => element.offsetParent !== null || getComputedStyle(element).position === 'fixed')
      .map((element) => element.innerText.trim().replace(/\s+/g, ' '))
      // A word of four or more capitals ("LOGIN"); shorter ones are abbreviations (CSV, US$, OK).
      .filter((text) => /\b[A-Z]{4,}\b/.test(text)),
  );
}

/**
 * Latin digits on a Bangla page: every number (amounts, counts, phone numbers, dates and times,
 * references) is written in Bangla digits. E-mail and IP addresses are identifiers, typed back as
 * they are, and keep their digits, like what is marked translate="no" (the sandbox's test cards)
 * and what people wrote themselves (data-user-content: reviews);
 * so do the test users' names, written with a random id ("Test User mwv2bdsx…").
 */
async function latinDigits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, .sr-only, [hidden], [translate="no"], [data-user-content]') || parent.offsetParent === null) continue;
      const text = (node.textContent ?? '')
        .replace(/\S+@\S+/g, '')
        .replace(/\b\d{1,3}(\.\d{1,3}){3}\b/g, '')
        .replace(/Test User [a-z0-9]+/g, '')
        // Codes that mix Latin letters and digits are typed as printed (7K3QD-XM92P, SHA-256).
        .replace(/[A-Za-z0-9-]*(?:[A-Za-z][A-Za-z0-9-]*[0-9]|[0-9][A-Za-z0-9-]*[A-Za-z])[A-Za-z0-9-]*/g, '');
      if (/[0-9]/.test(text)) found.push(`"${(node.textContent ?? '').trim().slice(0, 60)}" in <${parent.tagName.toLowerCase()}>`);
    }
    return found;
  });
}

/**
 * Opens each route once and checks it at every width, narrowest first, by resizing the window (as
 * turning a phone or widening a browser window does): a page load per route, not one per route and
 * width (the whole sweep went from 228 page loads to 76).
 */
async function checkRoutes(page: Page, routes: string[], language: string, { axeAt }: { axeAt?: number } = {}) {
  const report: string[] = [];
  for (const route of routes) {
    await page.setViewportSize({ width: widths[0]!, height: 800 });
    await page.goto(route);
    await settle(page);
    for (const [index, width] of widths.entries()) {
      if (index > 0) {
        await page.setViewportSize({ width, height: 800 });
        await redrawn(page);
        // A wider layout can show parts that load their own code (the desktop header's bell).
        await page.waitForLoadState('networkidle');
      }
      const at = `${route} at ${width} px`;
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (scroll > 0) report.push(`${at}: the page scrolls sideways by ${scroll} px`);
      for (const misfit of await misfits(page)) report.push(`${at}: ${misfit.what} ${misfit.problem}`);
      for (const text of await shoutingButtons(page)) report.push(`${at}: the button "${text}" is in capitals only`);
      if (language === 'bn') for (const text of await latinDigits(page)) report.push(`${at}: Latin digits ${text}`);
      if (width === axeAt) {
        if (language === 'bn') await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
        expectClean(await scan(page, `${route} (${language}, ${width} px)`, { screen: dashboardScreenOwner(route), layout: 'app', testInfo: test.info() }), 'app');
      }
      if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${language}-${width}${route.replace(/[^A-Za-z0-9]+/g, '_')}.png`), fullPage: true });
    }
  }
  expect(report, `In ${language}:\n${report.join('\n')}`).toEqual([]);
}

/** The dashboard's routes in parts that run side by side (one list was the suite's longest test). */
const DASHBOARD_PARTS = 3;
const dashboardParts = Array.from({ length: DASHBOARD_PARTS }, (_, part) => dashboardPages.filter((_, index) => index % DASHBOARD_PARTS === part));
/** Where a dashboard page is also checked with axe: a desktop in English, a phone in Bangla. */
const axeWidths = { en: 1280, bn: 360 } as const;

for (const language of languages) {
  test.describe(`${language}, at ${widths.join(', ')} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lang) => window.localStorage.setItem('poisha.language', lang), language);
    });

    test('every public page fits', async ({ page }) => {
      await checkRoutes(page, publicRoutes, language);
    });

    for (const [part, routes] of dashboardParts.entries()) {
      test(`every dashboard page fits and passes axe (part ${part + 1} of ${DASHBOARD_PARTS})`, async ({ page, playwright, baseURL }) => {
        expect(routes.length).toBeGreaterThan(0);
        await signedInWithData(page, playwright, baseURL ?? '');
        await checkRoutes(page, routes, language, { axeAt: axeWidths[language] });
      });
    }
  });
}
