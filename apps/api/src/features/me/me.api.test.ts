import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, moneyHeaders, signUp, TEST_PIN } from '../../test/http-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let queries: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ onQuery: (sql) => queries.push(sql) });
});
afterAll(() => t.close());

/** What a request answered and the statements it read by; the session activity timer's writes are not the request's. */
async function withReads<T>(request: () => Promise<T>): Promise<{ answer: T; reads: string[] }> {
  queries = [];
  const answer = await request();
  return { answer, reads: queries.filter((sql) => /^select/i.test(sql)) };
}
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });

describe('the signed-in user, read with the session (issue 11)', () => {
  it('GET /me answers the user and their balance from one query', async () => {
    const user = await signUp(t.app);
    const { answer: response, reads } = await withReads(() => me(user.token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(user.user);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/"sessions"/);
    expect(reads[0]).toMatch(/"accounts"/);
  });

  it('GET /auth/session too, with the cookie session', async () => {
    const user = await signUp(t.app);
    const { answer: response, reads } = await withReads(() => user.browser.request({ method: 'GET', url: '/api/v1/auth/session' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: user.user });
    expect(reads).toHaveLength(1);
  });

  it('shows the balance as it is now, after money moved', async () => {
    const [payer, payee] = [await signUp(t.app), await signUp(t.app)];
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/transfers',
      headers: moneyHeaders(payer.token),
      payload: { to: payee.phone, amount: 1234, reference: '1001', pin: TEST_PIN },
    });
    expect(sent.statusCode).toBe(201);
    const balanceOf = async (token: string) => (await me(token)).json<{ balance: { amount: number } }>().balance.amount;
    expect(await balanceOf(payer.token)).toBe(payer.user.balance.amount - 1234);
    expect(await balanceOf(payee.token)).toBe(payee.user.balance.amount + 1234);
  });

  it('answers 401, reading nothing more, for a token with no session or a locked account', async () => {
    const user = await signUp(t.app);
    expect((await me('not-a-session')).statusCode).toBe(401);
    await t.db.kysely.updateTable('users').set({ locked_at: new Date().toISOString() }).where('id', '=', user.user.id).execute();
    const { answer: response, reads } = await withReads(() => me(user.token));
    expect(response.statusCode).toBe(401);
    expect(reads).toHaveLength(1);
  });
});
