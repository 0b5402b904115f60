import type { APIRequestContext } from '@playwright/test';
import { csrfHeader, expect, registerUser, type TestUser } from './fixtures';

/** Sends `count` transfers of 1 dollar and upwards over the API, as the page's signed-in user. */
export async function sendTransfers(request: APIRequestContext, to: TestUser, count: number): Promise<void> {
  const headers = await csrfHeader(request);
  for (let index = 1; index <= count; index += 1) {
    const response = await request.post('/api/v1/transfers', {
      headers: { ...headers, 'idempotency-key': `statement-${Date.now()}-${index}-${Math.random()}` },
      data: { to: to.phone, amount: index * 100, reference: String(index) },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** A wallet registered in a cookie jar of its own, so the page's session is not touched. */
export async function newRecipient(playwright: { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } }, baseURL: string): Promise<TestUser> {
  const request = await playwright.request.newContext({ baseURL });
  try {
    return await registerUser(request);
  } finally {
    await request.dispose();
  }
}
