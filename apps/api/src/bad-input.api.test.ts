import { errorBodySchema } from '@poisha/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from './test/http-client.js';
import { createTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
let user: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app);
});
afterAll(() => t.close());

const postEndpoints = [
  '/api/v1/auth/signup',
  '/api/v1/auth/login',
  '/api/v1/auth/password-reset',
  '/api/v1/auth/password-reset/confirm',
  '/api/v1/contact',
  '/api/v1/app-link',
];

/** Everything a table holds, to show that a rejected request wrote nothing. */
async function snapshot() {
  const tables = ['users', 'accounts', 'sessions', 'password_reset_tokens', 'contact_messages', 'transfers', 'postings', 'favourites', 'money_requests', 'notifications'] as const;
  return Promise.all(tables.map((table) => t.db.kysely.selectFrom(table).selectAll().execute()));
}

const badRequests: Array<[string, { headers: Record<string, string>; payload: string }, number, string]> = [
  ['malformed JSON', { headers: { 'content-type': 'application/json' }, payload: '{"email":' }, 400, 'invalid_json'],
  ['an empty JSON body', { headers: { 'content-type': 'application/json' }, payload: '' }, 400, 'validation_failed'],
  ['a JSON string', { headers: { 'content-type': 'application/json' }, payload: '"hello"' }, 400, 'validation_failed'],
  ['a JSON array', { headers: { 'content-type': 'application/json' }, payload: '[]' }, 400, 'validation_failed'],
  ['a JSON number', { headers: { 'content-type': 'application/json' }, payload: '42' }, 400, 'validation_failed'],
  ['plain text', { headers: { 'content-type': 'text/plain' }, payload: 'email=a' }, 415, 'unsupported_media_type'],
  ['a 1 MB body', { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'x'.repeat(1_000_000) }) }, 413, 'payload_too_large'],
  ['fields of the wrong type', { headers: { 'content-type': 'application/json' }, payload: '{"email":true,"password":[],"token":{},"name":1,"phone":null}' }, 400, 'validation_failed'],
  ['a prototype-pollution attempt', { headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"admin":true},"email":"a@b.c"}' }, 400, 'invalid_json'],
];

describe.each(postEndpoints)('POST %s with bad input', (url) => {
  it.each(badRequests)('answers %s with a clear 4xx and changes nothing', async (_label, request, status, code) => {
    const before = await snapshot();
    const response = await t.app.inject({ method: 'POST', url, ...request });
    expect(response.statusCode).toBe(status);
    const body = errorBodySchema.parse(response.json());
    expect(body.error.code).toBe(code);
    expect(body.error.message.length).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });
});

const moneyEndpoints = ['/api/v1/transfers', '/api/v1/deposits/bank', '/api/v1/deposits/card', '/api/v1/bank-accounts', '/api/v1/reviews', '/api/v1/card-sandbox/payment-methods', '/api/v1/favourites', '/api/v1/money-requests'];

describe.each(moneyEndpoints)('signed-in POST %s with bad input', (url) => {
  it.each(badRequests)('answers %s with a clear 4xx and changes nothing', async (_label, request, status, code) => {
    const before = await snapshot();
    const response = await t.app.inject({
      method: 'POST',
      url,
      ...request,
      headers: { ...request.headers, authorization: `Bearer ${user.token}`, 'idempotency-key': crypto.randomUUID() },
    });
    expect(response.statusCode).toBe(status);
    expect(errorBodySchema.parse(response.json()).error.code).toBe(code);
    expect(await snapshot()).toEqual(before);
  });
});

describe('authenticated endpoints with bad input', () => {
  it('refuse a logout body that is not JSON without ending the session', async () => {
    const response = await user.browser.request({ method: 'POST', url: '/api/v1/auth/logout', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(response.statusCode).toBe(400);
    expect((await user.browser.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(200);
  });

  it('answer 401, not 5xx, to strange credentials', async () => {
    for (const authorization of ['Bearer', 'Bearer ', 'Basic abc', `Bearer ${'é'.repeat(50)}`]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization } });
      expect(response.statusCode).toBe(401);
    }
    const cookie = await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie: 'poisha_session=%E0%A4%A' } });
    expect(cookie.statusCode).toBe(401);
  });
});
