import fs from 'node:fs';
import { expect, hasHorizontalScroll, test } from './fixtures';

/** Full-page pictures of the public pages for a person to look at (and a check that nothing scrolls sideways). */
const dir = process.env.PUBLIC_SCREENSHOT_DIR ?? '/tmp/shots-p';
test.beforeAll(() => fs.mkdirSync(dir, { recursive: true }));

const pages = [
  ['landing', '/'],
  ['about', '/aboutUs'],
  ['contact', '/contactUs'],
] as const;

for (const [width, language] of [
  [360, 'en'],
  [1280, 'en'],
  [360, 'bn'],
] as const) {
  test(`public pages at ${width} px in ${language}`, async ({ page }) => {
    await page.addInitScript((code) => window.localStorage.setItem('poisha.language', code), language);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 860 });
    for (const [name, route] of pages) {
      await page.goto(route);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      if (route === '/') {
        // The reviews are live data: the app starts when they come near the screen.
        const reviews = page.getByRole('region', { name: language === 'en' ? 'What our clients say' : 'আমাদের গ্রাহকেরা যা বলেন' });
        await reviews.scrollIntoViewIfNeeded();
        await expect(reviews.getByRole('listitem').first()).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      // Lazy pictures load once near the viewport: pass by all of them first.
      for (let top = 0; top < (await page.evaluate(() => document.documentElement.scrollHeight)); top += 500) {
        await page.evaluate((y) => window.scrollTo(0, y), top);
        await page.waitForTimeout(50);
      }
      await expect.poll(() => page.locator('main img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete))).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await hasHorizontalScroll(page), `${route} at ${width} px`).toBe(false);
      await page.screenshot({ path: `${dir}/${name}${language === 'en' ? '' : `-${language}`}-${width}.png`, fullPage: true, animations: 'disabled' });
    }
  });
}
