import { scaledTimeout } from '../playwright.config';
import { expect, logIn, signedIn, test, untilPageSettled } from './fixtures';

/**
 * Issue 24, defect 13: typing was not activity. A user writing a support ticket was asked "Are you
 * still there?" at minute 9 and signed out at minute 10, losing the text. Keyboard, pointer and
 * scroll activity now keep the session (at most one renewal a minute), and the draft survives a
 * sign-out.
 */
test.beforeEach(async ({ page }) => {
  // The fake clock must be in place before the app loads, so that its timers use it.
  await page.clock.install();
});

test('typing a long support ticket for 15 minutes keeps the session, with at most one renewal a minute', async ({ page }) => {
  // 300 keystrokes and 300 clock jumps, one after the other: 19 s on a quiet machine, over 30 s on a busy one.
  test.setTimeout(scaledTimeout(60_000));
  await signedIn(page);
  await page.goto('/dashboard/SupportTicket');
  const message = page.getByLabel('Message', { exact: true });
  await expect(message).toBeVisible();
  await page.getByLabel('Subject').fill('My transfer');

  let renewals = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/auth/session') renewals += 1;
  });
  const dialog = page.getByRole('alertdialog', { name: 'Are you still there?' });
  await message.click();
  for (let minute = 1; minute <= 15; minute += 1) {
    // Twenty keystrokes spread over the minute.
    for (let key = 0; key < 20; key += 1) {
      await page.keyboard.type('a');
      await page.clock.fastForward(3_000);
    }
    await expect(dialog).toBeHidden();
  }
  await expect(page).toHaveURL(/\/dashboard\/SupportTicket$/);
  await expect(message).toHaveValue('a'.repeat(300));
  expect(renewals).toBeGreaterThanOrEqual(7);
  expect(renewals).toBeLessThanOrEqual(16);
  // The server agrees: the session is alive.
  expect((await page.request.get('/api/v1/auth/session')).status()).toBe(200);
});

test('scrolling and moving the pointer are activity too', async ({ page }) => {
  await signedIn(page);
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/dashboard/SupportTicket');
  await expect(page.getByLabel('Message', { exact: true })).toBeVisible();
  const dialog = page.getByRole('alertdialog', { name: 'Are you still there?' });
  for (let minute = 1; minute <= 12; minute += 1) {
    await page.clock.fastForward('01:00');
    if (minute % 2 === 0) await page.mouse.wheel(0, minute % 4 === 0 ? 200 : -200);
    else await page.mouse.move(20 + minute, 200);
  }
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/SupportTicket$/);
});

test('a pointer resting on the page is not activity: an unattended session still ends', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard/Setting');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Setting' })).toBeVisible();
  // The security activity is the last section to load (after the profile).
  await untilPageSettled(page, page.getByRole('region', { name: 'Recent security activity' }).getByRole('listitem').first());
  // The pointer stays over the page while it changes under it (the countdown ticks every second).
  await page.mouse.move(180, 300);
  await page.clock.fastForward('09:10');
  await expect(page.getByRole('alertdialog', { name: 'Are you still there?' })).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login$/);
});

test('a ticket being written survives the idle sign-out and comes back after signing in, then goes once sent', async ({ page }) => {
  const user = await signedIn(page);
  await page.goto('/dashboard/SupportTicket');
  const text = 'The money I sent to my brother on Friday has not arrived. Reference 4471.';
  await page.getByLabel('Subject').fill('Transfer not arrived');
  await page.getByLabel('Message', { exact: true }).fill(text);
  await untilPageSettled(page);

  // Away from the keyboard: the warning, then the sign-out.
  await page.clock.fastForward('09:10');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard\/SupportTicket$/);
  await expect(page.getByLabel('Subject')).toHaveValue('Transfer not arrived');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(text);

  // (The form refuses "No particular transaction" today: a separate fault, not this defect's.)
  await page.getByLabel('Transaction (optional)').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Open ticket' }).click();
  // The new ticket's thread opens in place of the form (the button alone hides while it is sending).
  await expect(page.getByRole('heading', { level: 2, name: 'Transfer not arrived' })).toBeVisible();
  await page.goto('/dashboard/SupportTicket');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Subject')).toHaveValue('');
});
