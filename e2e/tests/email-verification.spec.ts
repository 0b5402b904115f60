import { verificationDataDir, verificationPort } from '../playwright.config';
import { expect, formatCents, newestMailTo, signUp, test } from './fixtures';

/**
 * Issue 10, defect 5, on the server with the production defaults (EMAIL_VERIFICATION=required):
 * the welcome bonus waits for the link mailed at sign-up, the dashboard says so and resends it,
 * and the link from the .eml outbox credits the bonus once.
 */
test.use({ baseURL: `http://127.0.0.1:${verificationPort}` });

test('the welcome bonus waits for the mailed link; opening it (twice) credits 1,000 USD once', async ({ page }) => {
  const user = await signUp(page, undefined, verificationDataDir);
  const banner = page.getByTestId('bonus-pending');
  await expect(banner).toContainText('Your 1,000 USD welcome bonus is waiting');
  await expect(banner).toContainText(user.email);
  await expect(page.getByText(formatCents(0), { exact: true }).first()).toBeVisible();

  await banner.getByRole('button', { name: 'Send the link again' }).click();
  await expect(banner).toContainText('A new link is on its way.');

  const mail = await newestMailTo(user.email, verificationDataDir);
  const link = new RegExp(`http://127\\.0\\.0\\.1:${verificationPort}/verify-email#token=[\\w-]+`).exec(mail)?.[0];
  expect(link, mail).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail address is verified' })).toBeVisible();
  await page.goto(link!);
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail address is verified' })).toBeVisible();

  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByText(formatCents(100_000), { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('bonus-pending')).toHaveCount(0);
  const me = await page.request.get('/api/v1/me');
  expect((await me.json()).balance.amount).toBe(100_000);
});
