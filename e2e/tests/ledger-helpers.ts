import type { APIRequestContext, Page } from '@playwright/test';
import { csrfHeader, expect, registerUser, signedIn, TEST_PIN, type TestUser } from './fixtures';

/** Sends `count` transfers of 1 dollar and upwards over the API, as the page's signed-in user. */
export async function sendTransfers(request: APIRequestContext, to: TestUser, count: number): Promise<void> {
  const headers = await csrfHeader(request);
  for (let index = 1; index <= count; index += 1) {
    const response = await request.post('/api/v1/transfers', {
      headers: { ...headers, 'idempotency-key': `statement-${Date.now()}-${index}-${Math.random()}` },
      data: { to: to.phone, amount: index * 100, reference: String(index), pin: TEST_PIN },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

type PlaywrightRequests = { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } };

/** A wallet registered in a cookie jar of its own, so the page's session is not touched. */
export async function newRecipient(playwright: PlaywrightRequests, baseURL: string): Promise<TestUser> {
  const request = await playwright.request.newContext({ baseURL });
  try {
    return await registerUser(request);
  } finally {
    await request.dispose();
  }
}

/**
 * A new signed-in user who has sent `count` transfers (1, 2, 3… dollars) to a new wallet, on the
 * statement screen at desktop width. Returns the wallet the money went to.
 */
export async function statementAfterTransfers(page: Page, playwright: PlaywrightRequests, baseURL: string | undefined, count: number): Promise<TestUser> {
  const recipient = await newRecipient(playwright, baseURL ?? '');
  await signedIn(page);
  await sendTransfers(page.request, recipient, count);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/TransitionHistory');
  return recipient;
}
