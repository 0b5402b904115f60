import type { Page } from '@playwright/test';
import { readMail } from '../../apps/api/src/test/mail';
import { csrfHeader, expect, newestRawMailTo, signedIn, test } from './fixtures';

/** Mails in the reader's language, read from the server's DATA_DIR/mail (issue 24, defect 15). */

/** The newest mail to `to`, its subject and body decoded as UTF-8 (quoted-printable or base64). */
const newestMail = async (to: string) => readMail(await newestRawMailTo(to));

const inBangla = (page: Page) => page.addInitScript(() => window.localStorage.setItem('poisha.language', 'bn'));

test('GET LINK on the Bangla landing page mails the link in Bangla', async ({ page }) => {
  await inBangla(page);
  // Typing before the page script has loaded is early-submit's and landing-budget's subject; here, the mail's language is.
  await page.goto('/', { waitUntil: 'networkidle' });
  const email = `getlink.${Date.now()}@example.com`;
  const form = page.locator('form').filter({ has: page.locator('input[type=email]') }).first();
  await form.locator('input[type=email]').fill(email);
  await form.locator('button[type=submit]').click();
  const mail = await newestMail(email);
  expect(mail.subject).toBe('পয়সার লিংক');
  expect(mail.text).toContain('আপনার ফোনে এটি খুলুন');
  expect(mail.text).not.toContain('Here is the link');
});

test('switching the dashboard to Bangla makes the account’s mails Bangla (a password reset)', async ({ page }) => {
  const user = await signedIn(page);
  await page.goto('/dashboard');
  const switched = page.waitForResponse((response) => response.url().endsWith('/api/v1/me') && response.request().method() === 'PATCH');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'বাংলা' }).click();
  expect((await switched).status()).toBe(200);

  await page.request.post('/api/v1/auth/password-reset', { headers: await csrfHeader(page.request), data: { email: user.email } });
  const mail = await newestMail(user.email);
  expect(mail.subject).toBe('আপনার পয়সা পাসওয়ার্ড রিসেট করুন');
  expect(mail.text).toMatch(/\/resetpassword#token=/);
});
