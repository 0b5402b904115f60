import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyHeaders, signUp, TEST_PIN } from '../../test/http-client.js';
import { createTestApp, testDatabase, type TestApp } from '../../test/test-app.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** The value of one series in Prometheus' text format, or undefined when it is not there. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** The value of each of the `expected` series in a scrape, to compare with them all at once (a failure lists every one that differs). */
function seriesValues(text: string, expected: Record<string, number>): Record<string, number | undefined> {
  return Object.fromEntries(Object.keys(expected).map((series) => [series, seriesValue(text, series)]));
}

describe(`GET /metrics (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return response.body;
  };

  it('needs the configured token: none or a wrong one is 401 in the API error format', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('unauthenticated');
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_requests_total');
  });

  it('counts requests by route pattern, sign-ups, logins, transfers, money moved and active sessions', async () => {
    const alice = await signUp(t.app, { name: 'Alice Metrics' });
    const bob = await signUp(t.app, { name: 'Bob Metrics' });
    const key = crypto.randomUUID();
    const send = (amount: number, idempotencyKey = crypto.randomUUID()) =>
      t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(alice.token, idempotencyKey), payload: { pin: TEST_PIN, to: bob.phone, amount, reference: '7' } });
    expect((await send(2_500, key)).statusCode).toBe(201);
    // A retry with the same key is answered from the store: not a second transfer.
    expect((await send(2_500, key)).statusCode).toBe(201);
    expect((await send(99_999_999)).json().error.code).toBe('insufficient_funds');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: alice.email, password: 'wrong password here' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: bob.email, password: bob.password } })).statusCode).toBe(200);
    for (const id of ['a1', 'b2', 'c3']) await t.app.inject({ method: 'GET', url: `/api/v1/support-tickets/${id}`, headers: { authorization: `Bearer ${alice.token}` } });

    const text = await scrape();
    const expected = {
      poisha_signups_total: 2,
      'poisha_logins_total{outcome="failed"}': 1,
      'poisha_logins_total{outcome="succeeded"}': 1,
      'poisha_money_movements_total{type="transfer",outcome="succeeded"}': 1,
      'poisha_money_movements_total{type="transfer",outcome="insufficient_funds"}': 1,
      'poisha_money_moved_cents_total{type="transfer"}': 2_500,
      'http_requests_total{method="POST",route="/api/v1/transfers",status="201"}': 2,
      'http_requests_total{method="POST",route="/api/v1/transfers",status="422"}': 1,
    };
    expect(seriesValues(text, expected)).toEqual(expected);
    // The route pattern, never the raw URL: three ids make one series.
    expect(seriesValue(text, 'http_requests_total{method="GET",route="/api/v1/support-tickets/:id",status="404"}')).toBe(3);
    expect(text).not.toContain('/support-tickets/a1');
    expect(seriesValue(text, 'http_request_duration_seconds_count{method="POST",route="/api/v1/auth/login",status="401"}')).toBe(1);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.1",method="POST",route="\/api\/v1\/transfers",status="201"\} \d+/);
    // Alice's sign-up session, Bob's sign-up session and his login (which replaced nothing: it came without a cookie).
    expect(seriesValue(text, 'poisha_active_sessions')).toBe(3);
    expect(seriesValue(text, 'poisha_db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(10);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (testDatabase === 'postgres') {
      expect(seriesValue(text, 'poisha_db_pool_connections')).toBeGreaterThan(0);
      // The scrape's own session count may be waiting for a connection at that moment.
      expect(seriesValue(text, 'poisha_db_pool_waiting_clients')).toEqual(expect.any(Number));
      expect(seriesValue(text, 'poisha_db_pool_idle_connections')).toEqual(expect.any(Number));
    } else {
      expect(text).not.toContain('poisha_db_pool_connections');
    }
    // No label names a user.
    expect(text).not.toContain(alice.email);
    expect(text).not.toContain(alice.user.id);
  });

  it('counts deposits by type and outcome: a bank deposit, a card deposit and a declined card', async () => {
    const carol = await signUp(t.app);
    const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: moneyHeaders(carol.token), payload });
    const bank = await post('/api/v1/deposits/bank', {
      accountHolder: carol.user.name,
      accountHolderNumber: '01712345678',
      bankId: 'brac-bank',
      bankAccountNumber: '123456785678',
      amount: 50_000,
      reference: '2026',
    });
    expect(bank.statusCode).toBe(201);
    const card = async (number: string) => {
      const method = await t.app.inject({ method: 'POST', url: '/api/v1/card-sandbox/payment-methods', headers: { authorization: `Bearer ${carol.token}` }, payload: { number, expMonth: 12, expYear: 2030, cvc: '123' } });
      return post('/api/v1/deposits/card', { amount: 2_500, email: carol.email, phone: carol.phone, paymentMethod: method.json<{ id: string }>().id });
    };
    expect((await card('4242424242424242')).statusCode).toBe(201);
    expect((await card('4000000000000002')).statusCode).toBe(422);

    const text = await scrape();
    const expected = {
      'poisha_money_movements_total{type="bank_deposit",outcome="succeeded"}': 1,
      'poisha_money_moved_cents_total{type="bank_deposit"}': 50_000,
      'poisha_money_movements_total{type="card_deposit",outcome="succeeded"}': 1,
      'poisha_money_movements_total{type="card_deposit",outcome="card_declined"}': 1,
      'poisha_money_moved_cents_total{type="card_deposit"}': 2_500,
      poisha_signups_total: 3,
    };
    expect(seriesValues(text, expected)).toEqual(expected);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not there: 404', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything-at-all-000000' } });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    } finally {
      await t.close();
    }
  });
});
