import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../test/http-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let queries: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ onQuery: (sql) => queries.push(sql) });
});
afterAll(() => t.close());

/** The statements a request ran; the session activity timer's writes are not the request's. */
async function readsOf(request: () => Promise<unknown>): Promise<string[]> {
  queries = [];
  await request();
  return queries.filter((sql) => /^select/i.test(sql));
}

describe('the signed-in user, read with the session (issue 11)', () => {
  it('GET /me answers the user and their balance from one query', async () => {
    const user = await signUp(t.app);
    let response = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) });
    const reads = await readsOf(async () => {
      response = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) });
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(user.user);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/"sessions"/);
    expect(reads[0]).toMatch(/"accounts"/);
  });

  it('GET /auth/session too, with the cookie session', async () => {
    const user = await signUp(t.app);
    let body: unknown;
    const reads = await readsOf(async () => {
      body = (await user.browser.request({ method: 'GET', url: '/api/v1/auth/session' })).json();
    });
    expect(body).toMatchObject({ user: user.user });
    expect(reads).toHaveLength(1);
  });

  it('shows the balance as it is now, after money moved', async () => {
    const [payer, payee] = [await signUp(t.app), await signUp(t.app)];
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/transfers',
      headers: { ...bearer(payer.token), 'idempotency-key': crypto.randomUUID() },
      payload: { to: payee.phone, amount: 1234, reference: '1001' },
    });
    expect(sent.statusCode).toBe(201);
    const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).json<{ balance: { amount: number } }>();
    expect((await me(payer.token)).balance.amount).toBe(payer.user.balance.amount - 1234);
    expect((await me(payee.token)).balance.amount).toBe(payee.user.balance.amount + 1234);
  });

  it('answers 401, reading nothing more, for a token with no session or a locked account', async () => {
    const user = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer('not-a-session') })).statusCode).toBe(401);
    await t.db.kysely.updateTable('users').set({ locked_at: new Date().toISOString() }).where('id', '=', user.user.id).execute();
    let status = 0;
    const reads = await readsOf(async () => {
      status = (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).statusCode;
    });
    expect(status).toBe(401);
    expect(reads).toHaveLength(1);
  });
});
