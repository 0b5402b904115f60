import { formatPhoneLocal } from '@poisha/contracts';
import type { Page } from '@playwright/test';
import { csrfHeader, expect, registerUser, signedIn, test } from './fixtures';

/** Issue 24, defect 18: the same things shown the same way, in order, and with room. */

async function useLanguage(page: Page, language: 'en' | 'bn', baseURL: string | undefined) {
  await page.context().addCookies([{ name: 'poisha_language', value: language, url: baseURL ?? '' }]);
  await page.addInitScript((chosen) => window.localStorage.setItem('poisha.language', chosen), language);
}

test('notifications are listed newest first, whatever order the answer has', async ({ page, playwright, baseURL }) => {
  const alice = await signedIn(page);
  // Three people: requests from one person would join one unread notification (decision 0033).
  for (const amount of [1, 2, 3]) {
    const api = await playwright.request.newContext({ baseURL: baseURL ?? '' });
    await registerUser(api);
    const response = await api.post('/api/v1/money-requests', { headers: await csrfHeader(api), data: { from: alice.phone, amount: amount * 100, note: '' } });
    expect(response.status(), await response.text()).toBe(201);
    await api.dispose();
    // A second apart, so their times differ.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
  }
  // The client does not trust the answer's order either: here it arrives oldest first.
  await page.route('**/api/v1/notifications?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { items: unknown[] };
    await route.fulfill({ response, json: { ...body, items: [...body.items].reverse() } });
  });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Notifications/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.locator('time')).toHaveCount(3);
  const times = await dialog.locator('time').evaluateAll((elements) => elements.map((element) => element.getAttribute('datetime') ?? ''));
  expect(times).toEqual([...times].sort().reverse());
});

test('a phone number filled in beforehand reads as the lists show it (01912-345602), not +880 1912 345602', async ({ page }) => {
  await signedIn(page);
  const e164 = '+8801912345602';
  await page.goto(`/dashboard/sendMoney?to=${encodeURIComponent(e164)}`);
  const field = page.getByLabel('Receiver Number', { exact: true });
  await expect(field).toHaveValue(formatPhoneLocal(e164));
  await expect(field).toHaveValue('01912-345602');
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('BD');
});

for (const width of [360, 1280]) {
  test(`bn at ${width} px: the statement's dates are shown and typed day/month/year in Bangla digits`, async ({ page, baseURL }) => {
    await useLanguage(page, 'bn', baseURL);
    await signedIn(page);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/TransitionHistory');
    const from = page.getByLabel('শুরু', { exact: true });
    const to = page.getByLabel('শেষ', { exact: true });
    // The first of this month to today, day first, in Bangla digits: never 11/01/2026.
    await expect(from).toHaveValue(/^০১\/[০-৯]{2}\/[০-৯]{4}$/);
    await expect(to).toHaveValue(/^[০-৯]{2}\/[০-৯]{2}\/[০-৯]{4}$/);
    const [, month, year] = (await from.inputValue()).split('/');
    await from.fill(`০৫/${month}/${year}`);
    const latin = (text: string) => text.replace(/[০-৯]/g, (digit) => String('০১২৩৪৫৬৭৮৯'.indexOf(digit)));
    await expect(page.getByRole('link', { name: 'PDF ডাউনলোড' })).toHaveAttribute('href', new RegExp(`from=${latin(year ?? '')}-${latin(month ?? '')}-05&`));
    await from.blur();
    await expect(from).toHaveValue(`০৫/${month}/${year}`);
    // Both fields fit side by side (1280) or one under the other (360), inside the screen.
    const box = await to.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    await from.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`period-${width}-bn.png`) });
  });
}

for (const language of ['en', 'bn'] as const) {
  test(`${language}: at 1280 px each statement date stays on one line`, async ({ page, baseURL }) => {
    await useLanguage(page, language, baseURL);
    await signedIn(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard/TransitionHistory?type=all');
    const dates = page.locator('table td time');
    await expect(dates.first()).toBeVisible();
    for (const date of await dates.all()) {
      const box = await date.boundingBox();
      const lineHeight = await date.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
      expect(box?.height ?? 0, await date.textContent() ?? '').toBeLessThan(lineHeight * 1.5);
    }
    // And the table still fits its card: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`statement-1280-${language}.png`) });
  });

  test(`${language}: at 1366 × 768 the side navigation shows a cue for the items below, and they can be reached`, async ({ page, baseURL }) => {
    await useLanguage(page, language, baseURL);
    await signedIn(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/dashboard');
    const nav = page.locator('nav').filter({ has: page.getByRole('link') }).first();
    const scrolls = await nav.evaluate((element) => element.scrollHeight > element.clientHeight);
    const cue = page.getByTestId('nav-more-below');
    await page.screenshot({ path: test.info().outputPath(`sidenav-1366-${language}.png`) });
    if (!scrolls) {
      // Everything fits: the last item is on the screen, no cue needed.
      await expect(nav.getByRole('link').last()).toBeInViewport({ ratio: 1 });
      return;
    }
    await expect(cue).toBeVisible();
    const navBox = await nav.boundingBox();
    const cueBox = await cue.boundingBox();
    // The cue sits at the foot of the list, inside the navigation column.
    const gap = (navBox?.y ?? 0) + (navBox?.height ?? 0) - ((cueBox?.y ?? 0) + (cueBox?.height ?? 0));
    expect(gap).toBeGreaterThanOrEqual(-1);
    expect(gap).toBeLessThanOrEqual(10);

    await nav.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(cue).toBeHidden();
    const last = nav.getByRole('link').last();
    const lastBox = await last.boundingBox();
    const afterBox = await nav.boundingBox();
    expect((lastBox?.y ?? 0) + (lastBox?.height ?? 0)).toBeLessThanOrEqual((afterBox?.y ?? 0) + (afterBox?.height ?? 0) + 1);
  });
}
