import { expect, test } from './fixtures';

test('the language switch turns the landing and login pages into Bangla and back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const html = page.locator('html');
  const h1 = page.getByRole('heading', { level: 1 });
  const footer = page.getByRole('contentinfo');
  const year = (locale: string) => new Intl.DateTimeFormat(locale, { year: 'numeric' }).format(new Date());

  await page.goto('/');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(h1).toHaveText('Payment services you can trust, right from your phone.');
  await page.getByRole('banner').getByRole('button', { name: 'বাংলা' }).click();

  await expect(html).toHaveAttribute('lang', 'bn');
  await expect(h1).toHaveText('ভরসা রাখার মতো পেমেন্ট সেবা, সরাসরি আপনার ফোনে।');
  await expect(page.getByRole('button', { name: 'লিংক নিন' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'আমাদের সেবাসমূহ' })).toBeVisible();
  await expect(page.getByText(/^আজই ওয়ালেট খুলুন আর পান .*১,০০০\.০০.* স্বাগত বোনাস।$/)).toBeVisible();
  await expect(footer.getByText(`© ${year('bn-BD')} পয়সা`)).toBeVisible();
  await expect(footer.getByRole('link', { name: 'আমাদের সম্পর্কে' })).toBeVisible();

  // A schema message under the GET LINK field is in Bangla too.
  await page.getByRole('button', { name: 'লিংক নিন' }).click();
  await expect(page.getByText('অনুগ্রহ করে আপনার ইমেইল ঠিকানা দিন')).toBeVisible();

  await page.goto('/login');
  await expect(html).toHaveAttribute('lang', 'bn');
  await expect(h1).toHaveText('পয়সায় লগ ইন করুন');

  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(h1).toHaveText('Log in to Poisha');
  await page.goto('/');
  await expect(h1).toHaveText('Payment services you can trust, right from your phone.');
  await expect(footer.getByText(`© ${year('en-US')} Poisha`)).toBeVisible();
});
