import { expect, signedIn, test, untilPageSettled } from './fixtures';

test.beforeEach(async ({ page }) => {
  // The fake clock must be in place before the app loads, so that its timers use it.
  await page.clock.install();
  await signedIn(page);
  await page.goto('/dashboard/Setting');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Setting' })).toBeVisible();
  // The security activity is the last section to load (after the profile).
  await untilPageSettled(page, page.getByRole('region', { name: 'Recent security activity' }).getByRole('listitem').first());
});

test('a minute before the idle timeout a warning offers to stay signed in', async ({ page }) => {
  const dialog = page.getByRole('alertdialog', { name: 'Are you still there?' });
  await page.clock.fastForward('08:30');
  await expect(dialog).toBeHidden();

  await page.clock.fastForward('00:40');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/You will be signed out in \d+ seconds because of inactivity/);

  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/Setting$/);

  // The request made by "Stay signed in" restarted the ten minutes.
  await page.clock.fastForward('08:30');
  await expect(dialog).toBeHidden();
});

test('without an answer the session ends and login explains why', async ({ page }) => {
  await page.clock.fastForward('09:10');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.clock.fastForward('01:00');

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You were signed out after 10 minutes without activity')).toBeVisible();

  // The session is over on the server too.
  const response = await page.request.get('/api/v1/auth/session');
  expect(response.status()).toBe(401);
});
