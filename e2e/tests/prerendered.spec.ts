import { expect, test } from './fixtures';

/**
 * Issue 11: public pages are readable before any JavaScript runs. The build prerenders them in
 * English and Bangla; the server sends the reader's language (the language cookie the app sets,
 * else Accept-Language), so both are checked here with scripts off.
 */
test.use({ javaScriptEnabled: false });

const pages = [
  { path: '/', en: 'Payment services you can trust, right from your phone.', bn: 'ভরসা রাখার মতো পেমেন্ট সেবা, সরাসরি আপনার ফোনে।' },
  { path: '/aboutUs', en: 'Money that moves as easily as a message', bn: 'বার্তার মতোই সহজে টাকা পাঠান' },
  { path: '/contactUs', en: 'Contact us', bn: 'যোগাযোগ করুন' },
  { path: '/login', en: 'Log in to Poisha', bn: 'পয়সায় লগ ইন করুন' },
];

for (const { path, en } of pages) {
  test(`${path} is readable in English with JavaScript off: heading and navigation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en);
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    await expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/aboutUs');
    await expect(nav.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/dashboard');
    const footer = page.getByRole('contentinfo');
    for (const name of ['About Us', 'Contact', 'Terms of Use', 'Privacy Policy']) await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  });
}

test('a link of a prerendered page is a plain link that works without JavaScript', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us', exact: true }).click();
  await expect(page).toHaveURL(/\/aboutUs$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Money that moves as easily as a message');
  await expect(page).toHaveTitle(/About/);
});

test.describe('a Bangla reader', () => {
  test.use({ locale: 'bn-BD' });
  for (const { path, bn } of pages) {
    test(`${path} is readable in Bangla with JavaScript off`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(bn);
      await expect(page.getByRole('navigation').first().getByRole('link').first()).toBeVisible();
    });
  }
});

test('the saved choice of English wins over a Bangla browser', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'bn-BD' });
  await context.addCookies([{ name: 'poisha_language', value: 'en', url: baseURL ?? '' }]);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pages[0]?.en ?? '');
  await context.close();
});

test('a page that is not prerendered (the dashboard) still needs the app: only the loading top bar shows', async ({ page }) => {
  await page.goto('/dashboard');
  // index.html's loading bar: the logo mark, hidden from assistive technology, and no words.
  await expect(page.locator('#root svg')).toBeVisible();
  await expect(page.locator('#root')).toHaveText('');
  await expect(page.getByRole('heading')).toHaveCount(0);
  await expect(page.getByRole('img')).toHaveCount(0);
});
