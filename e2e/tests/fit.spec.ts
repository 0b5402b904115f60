import path from 'node:path';
import type { Page } from '@playwright/test';
import { settle, signedInWithData } from './a11y-helpers';
import { scaledTimeout } from '../playwright.config';
import { dashboardChildren, expect, test } from './fixtures';

/**
 * Every screen fits every phone: at 360 and 390 px (cheap Android phones) and at 1280 px, in both
 * languages, no element sticks out of the window and no text is cut off. The check looks at each
 * element's own box, not only at the document's scroll width: a card clipped by an ancestor with
 * overflow hidden, or a field running past its card, never widens the document and was missed.
 * On the same visits: no button is written in capitals only, and Bangla pages have no Latin digit.
 */

const publicRoutes = ['/', '/login', '/signUp', '/resetpassword', '/aboutUs', '/contactUs', '/terms', '/privacy', '/services/send-money', '/verify', '/no/such/page'];
const dashboardRoutes = ['/dashboard', ...dashboardChildren.map((child) => `/dashboard/${child}`)];
const widths = [360, 390, 1280];
const languages = ['en', 'bn'] as const;
/** With SCREENSHOTS=1, every visit is also saved as a picture to look at (en-360_dashboard_sendMoney.png). */
const shotsDir = process.env.SCREENSHOTS ? (process.env.SCREENSHOT_DIR ?? path.resolve('test-results', 'shots')) : null;

test.describe.configure({ timeout: scaledTimeout(120_000) });

interface Misfit {
  what: string;
  problem: string;
}

/** What sticks out of the window or has its text cut off, on the page as it is now. */
async function misfits(page: Page): Promise<Misfit[]> {
  return page.evaluate(() => {
    const viewportWidth = document.documentElement.clientWidth;
    const found: { what: string; problem: string }[] = [];
    const name = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const className = typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).slice(0, 4).join('.')}` : '';
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id}${className}> "${text}"`;
    };
    const hasOwnText = (element: Element) => Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    /** Screen-reader-only text is clipped to 1 px on purpose. */
    const isScreenReaderOnly = (element: Element) => element.closest('.sr-only') !== null;

    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (isScreenReaderOnly(element)) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || style.display === 'contents') continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;

      // The part of the element its ancestors let be seen; text cut by an ancestor that hides overflow.
      let left = box.left;
      let right = box.right;
      let hidden = false;
      for (let ancestor = element.parentElement; ancestor && ancestor !== document.body && ancestor !== document.documentElement; ancestor = ancestor.parentElement) {
        const ancestorStyle = getComputedStyle(ancestor);
        if (ancestorStyle.overflowX === 'visible') continue;
        const frame = ancestor.getBoundingClientRect();
        const clipsText = ancestorStyle.overflowX === 'hidden' || ancestorStyle.overflowX === 'clip';
        if (clipsText && hasOwnText(element) && (box.right > frame.right + 1 || box.left < frame.left - 1) && !ancestor.hasAttribute('title')) {
          found.push({ what: name(element), problem: `text cut off by ${name(ancestor)} (${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(frame.left)}–${Math.round(frame.right)})` });
        }
        left = Math.max(left, frame.left);
        right = Math.min(right, frame.right);
        if (right - left <= 1) {
          hidden = true;
          break;
        }
      }
      if (hidden) continue;
      // A box in the flow (a field, a card) that runs past the box it sits in, as a too-wide grid column makes it.
      const parent = element.parentElement;
      const inFlow = style.position === 'static' || style.position === 'relative';
      const negativeMargin = Number.parseFloat(style.marginLeft) < 0 || Number.parseFloat(style.marginRight) < 0;
      if (parent && parent !== document.body && inFlow && !negativeMargin && getComputedStyle(parent).overflowX === 'visible') {
        const frame = parent.getBoundingClientRect();
        if (box.right > frame.right + 1 || box.left < frame.left - 1) {
          found.push({ what: name(element), problem: `runs past ${name(parent)} (${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(frame.left)}–${Math.round(frame.right)})` });
        }
      }
      if (right > viewportWidth + 1 || left < -1) {
        found.push({ what: name(element), problem: `sticks out of the ${viewportWidth} px window (${Math.round(left)}–${Math.round(right)})` });
      }
      // Text that does not fit its own box and is hidden (an ellipsis is fine only with the full text in a title;
      // a box that hides decorations sticking out of it holds no text of its own).
      const clipsOwnText = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      if (clipsOwnText && hasOwnText(element) && element.scrollWidth > element.clientWidth + 1 && !element.hasAttribute('title')) {
        found.push({ what: name(element), problem: `text wider than its box (${element.scrollWidth} > ${element.clientWidth}) and cut off` });
      }
    }
    // One report per element and problem kind is enough.
    const seen = new Set<string>();
    return found.filter((misfit) => {
      const key = `${misfit.what} ${misfit.problem.split(' (')[0]}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });
}

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

async function checkRoutes(page: Page, routes: string[], width: number, language: string) {
  await page.setViewportSize({ width, height: 800 });
  const report: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await settle(page);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (scroll > 0) report.push(`${route}: the page scrolls sideways by ${scroll} px`);
    for (const misfit of await misfits(page)) report.push(`${route}: ${misfit.what} ${misfit.problem}`);
    for (const text of await shoutingButtons(page)) report.push(`${route}: the button "${text}" is in capitals only`);
    if (language === 'bn') for (const text of await latinDigits(page)) report.push(`${route}: Latin digits ${text}`);
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${language}-${width}${route.replace(/[^A-Za-z0-9]+/g, '_')}.png`), fullPage: true });
  }
  expect(report, `At ${width} px in ${language}:\n${report.join('\n')}`).toEqual([]);
}

for (const language of languages) {
  for (const width of widths) {
    test.describe(`${language} at ${width} px`, () => {
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((lang) => window.localStorage.setItem('poisha.language', lang), language);
      });

      test('every public page fits', async ({ page }) => {
        await checkRoutes(page, publicRoutes, width, language);
      });

      test('every dashboard page fits', async ({ page, playwright, baseURL }) => {
        await signedInWithData(page, playwright, baseURL ?? '');
        await checkRoutes(page, dashboardRoutes, width, language);
      });
    });
  }
}
