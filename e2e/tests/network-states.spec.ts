import type { Page } from '@playwright/test';
import { scaledTimeout } from '../playwright.config';
import { expect, signedIn, test } from './fixtures';

/**
 * Slow and failing networks (issue 9): every screen that loads data shows progress while it loads,
 * and a failure with a Retry button that recovers, through the shared QueryState.
 */
const screens = [
  { name: 'Favourites', path: '/dashboard/addAccount', api: '**/api/v1/favourites?*', loaded: 'No favourites yet. Add someone you pay often.' },
  // Two lists on this screen: the requests to the person fail.
  { name: 'Request Money', path: '/dashboard/RequestMoney', api: (url: URL) => url.pathname === '/api/v1/money-requests' && url.searchParams.get('direction') === 'received', loaded: 'Nobody has asked you for money.' },
  { name: 'Currency Converter', path: '/dashboard/CurrencyConvert', api: '**/api/v1/rates', loaded: /Rate: 1 BDT = / },
  { name: 'Support Ticket', path: '/dashboard/SupportTicket', api: '**/api/v1/support-tickets?*', loaded: 'You have no tickets yet.' },
  { name: 'Settings', path: '/dashboard/Setting', api: '**/api/v1/me/profile', loaded: 'Profile photo' },
  { name: 'Loans', path: '/dashboard/takeLone', api: '**/api/v1/loan-interest', loaded: 'Yes, tell me when loans start' },
] as const;

/** Answers the screen's GET with a failure until `failing` is switched off; counts the calls. */
async function failFirst(page: Page, api: string | ((url: URL) => boolean), how: 'server' | 'network') {
  const state = { failing: true, calls: 0 };
  await page.route(api, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    state.calls += 1;
    if (!state.failing) return route.continue();
    if (how === 'network') return route.abort('failed');
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal_error', message: 'Internal server error' } }) });
  });
  return state;
}

for (const screen of screens) {
  test(`${screen.name}: a failed load shows the error and Retry recovers`, async ({ page }) => {
    await signedIn(page);
    const state = await failFirst(page, screen.api, 'server');
    await page.goto(screen.path);
    const failure = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Try again' }) });
    await expect(failure).toContainText('Something went wrong');
    expect(state.calls).toBe(1);

    state.failing = false;
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(failure).toBeHidden();
    await expect(page.getByText(screen.loaded).first()).toBeVisible();
    expect(state.calls).toBe(2);
  });
}

test('a screen whose data never arrives over the network says so and recovers on Retry', async ({ page }) => {
  await signedIn(page);
  const state = await failFirst(page, '**/api/v1/favourites?*', 'network');
  await page.goto('/dashboard/addAccount');
  const failure = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Try again' }) });
  // A network failure is retried twice by the query before it is shown.
  await expect(failure).toContainText('Could not reach Poisha', { timeout: scaledTimeout(10_000) });
  state.failing = false;
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No favourites yet. Add someone you pay often.')).toBeVisible();
});

test('a slow answer shows progress until the data is there', async ({ page }) => {
  await signedIn(page);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/favourites?*', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/dashboard/addAccount');
  const progress = page.getByRole('status').filter({ hasText: 'Loading your favourites' });
  await expect(progress).toBeVisible();
  await expect(page.getByText('No favourites yet. Add someone you pay often.')).toHaveCount(0);
  release();
  await expect(page.getByText('No favourites yet. Add someone you pay often.')).toBeVisible();
  await expect(progress).toBeHidden();
});
