import fs from 'node:fs';
import { scaledTimeout } from '../playwright.config';
import { expect, signedIn, test } from './fixtures';

/**
 * Pictures of the main screens for a person to look at, at phone and desktop width. Not a check:
 * it runs only when SCREENSHOTS=1 (npx playwright test screenshots with that variable set).
 */
const dir = process.env.SCREENSHOT_DIR ?? '/tmp/shots';
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');
test.beforeAll(() => fs.mkdirSync(dir, { recursive: true }));

for (const width of (process.env.SCREENSHOT_WIDTHS ?? '360,1280').split(',').map(Number)) {
  test(`screens at ${width} px`, async ({ page }) => {
    test.setTimeout(scaledTimeout(60_000));
    await page.setViewportSize({ width, height: width === 360 ? 740 : 860 });
    const shot = (name: string) => page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });

    for (const [name, route] of [['home', '/'], ['login', '/login'], ['signup', '/signUp'], ['reset', '/resetpassword'], ['about', '/aboutUs'], ['notfound', '/nope']] as const) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot(name);
    }
    await page.goto('/signUp');
    await page.getByRole('button', { name: 'Register' }).click();
    await shot('signup-errors');

    await signedIn(page);
    await page.goto('/dashboard');
    await expect(page.getByText(/^\$[\d,]+\.\d\d$/)).toBeVisible();
    await shot('dashboard');
    await page.goto('/dashboard/sendMoney');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot('upcoming');
    if (width === 360) {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.screenshot({ path: `${dir}/drawer-${width}.png` });
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: 'বাংলা' }).first().click();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('হ্যালো');
    await shot('dashboard-bn');
  });
}

test('idle warning and login notice', async ({ page }) => {
  await page.clock.install();
  await signedIn(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.clock.fastForward('09:15');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.screenshot({ path: `${dir}/idle-dialog.png` });
  await page.clock.fastForward('01:00');
  await expect(page.getByText('You were signed out after 10 minutes without activity')).toBeVisible();
  await page.screenshot({ path: `${dir}/login-idle-notice.png` });
});
