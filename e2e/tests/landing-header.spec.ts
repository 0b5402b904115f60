import { expect, test } from './fixtures';

/**
 * Issue 24, defect 12: "Log in" and "Get started" were missing from the landing page's header until
 * the first mouse move or tap, and at 360 px the first click on the menu button was swallowed.
 */
const texts = {
  en: { login: 'Log in', getStarted: 'Get started', openMenu: 'Open menu', aboutUs: 'About Us' },
  bn: { login: 'লগ ইন', getStarted: 'শুরু করুন', openMenu: 'মেনু খুলুন', aboutUs: 'আমাদের সম্পর্কে' },
} as const;

for (const language of ['en', 'bn'] as const) {
  const text = texts[language];

  test(`${language}: the header's Log in and Get started are in the prerendered page, before any script runs`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 }, locale: language === 'bn' ? 'bn-BD' : 'en-US' });
    const page = await context.newPage();
    await page.goto(`${baseURL}/`);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: text.login, exact: true })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: text.getStarted, exact: true })).toHaveAttribute('href', '/signUp');
    await expect(header.getByRole('link', { name: text.login, exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`header-1280-${language}-no-js.png`) });
    await context.close();
  });

  test(`${language}: at 360 px the first click on the menu button opens the menu, with Log in and Get started`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: language === 'bn' ? 'bn-BD' : 'en-US', hasTouch: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/`);
    // The app's code (what the first click starts loading) is slow to come, as on a phone's network.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    const menuButton = page.getByRole('button', { name: text.openMenu });
    const box = await menuButton.boundingBox();
    if (!box) throw new Error('no menu button');
    // The very first input of the visit: one mouse click, no move before it.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const banner = page.getByRole('banner');
    // It opens at once, without waiting for the app.
    await expect(banner.getByRole('link', { name: text.aboutUs })).toBeVisible({ timeout: 2_000 });
    await expect(banner.getByRole('link', { name: text.login, exact: true })).toBeVisible();
    await expect(banner.getByRole('link', { name: text.getStarted, exact: true })).toBeVisible();
    // Still open once the app has taken over the page (it asks for the session when it starts).
    const appStarted = page.waitForResponse('**/api/v1/auth/session');
    release();
    await appStarted;
    await expect(banner.getByRole('link', { name: text.aboutUs })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`menu-360-${language}.png`) });
    // The menu sits right under the top bar, inside the screen.
    const menuBox = await page.locator('#public-menu').boundingBox();
    const headerBox = await banner.boundingBox();
    expect(Math.abs((menuBox?.y ?? 0) - ((headerBox?.y ?? 0) + (headerBox?.height ?? 0)))).toBeLessThanOrEqual(1);
    expect((menuBox?.x ?? -1) + (menuBox?.width ?? 0)).toBeLessThanOrEqual(360);

    // Once the app is live it still opens and closes, and Escape gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect(banner.getByRole('link', { name: text.aboutUs })).toBeHidden();
    await menuButton.click();
    await expect(banner.getByRole('link', { name: text.aboutUs })).toBeVisible();
    await banner.getByRole('link', { name: text.aboutUs }).click();
    await expect(page).toHaveURL(/\/aboutUs$/);
    await expect(banner.getByRole('link', { name: text.aboutUs })).toBeHidden();
    await context.close();
  });

  test(`${language}: at 360 px the menu opens with no script at all`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, locale: language === 'bn' ? 'bn-BD' : 'en-US' });
    const page = await context.newPage();
    await page.goto(`${baseURL}/`);
    await page.getByRole('button', { name: text.openMenu }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: text.login, exact: true })).toBeVisible();
    await context.close();
  });
}
