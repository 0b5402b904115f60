import net from 'node:net';
import { errorBodySchema } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, moneyHeaders, newUserInput, signUp } from './test/http-client.js';
import { testAppForFile } from './test/test-app-for-file.js';

const t = await testAppForFile();
const user = await signUp(t.app);

const postEndpoints = [
  '/api/v1/auth/signup',
  '/api/v1/auth/login',
  '/api/v1/auth/password-reset',
  '/api/v1/auth/password-reset/check',
  '/api/v1/auth/password-reset/confirm',
  '/api/v1/contact',
  '/api/v1/app-link',
];

/** Everything a table holds, to show that a rejected request wrote nothing. */
async function snapshot() {
  const tables = ['users', 'accounts', 'sessions', 'password_reset_tokens', 'contact_messages', 'reviews', 'bank_accounts', 'deposits', 'paypal_orders', 'transfers', 'postings', 'favourites', 'money_requests', 'notifications'] as const;
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

const NUL = '\u0000';
const bankDeposit = { accountHolder: 'Rahim Uddin', accountHolderNumber: '01712345678', bankId: 'x', bankAccountNumber: '123456789012', amount: 50_000, reference: '42' };

/** [what, request, the field the answer names]: every one of them answered 500 on PostgreSQL, or was stored on SQLite. */
const cases: Array<[string, { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object; signedIn?: boolean }, string]> = [
  ['a sign-up name', { method: 'POST', url: '/api/v1/auth/signup', payload: newUserInput({ name: `Rahim${NUL}` }) }, 'name'],
  ['a review text', { method: 'POST', url: '/api/v1/reviews', payload: { star: 5, text: `Good${NUL}` }, signedIn: true }, 'text'],
  ['a contact name', { method: 'POST', url: '/api/v1/contact', payload: { name: `A${NUL}`, email: 'a@example.com', message: 'Hello' } }, 'name'],
  ['a contact message', { method: 'POST', url: '/api/v1/contact', payload: { name: 'A', email: 'a@example.com', message: `Hello${NUL}` } }, 'message'],
  ['a bank deposit field', { method: 'POST', url: '/api/v1/deposits/bank', payload: { ...bankDeposit, accountHolder: `Rahim${NUL}` }, signedIn: true }, 'accountHolder'],
  ['a bank deposit bank id', { method: 'POST', url: '/api/v1/deposits/bank', payload: { ...bankDeposit, bankId: NUL }, signedIn: true }, 'bankId'],
  ['a card deposit token', { method: 'POST', url: '/api/v1/deposits/card', payload: { amount: 100, email: 'a@example.com', phone: '+8801711111111', paymentMethod: `pm${NUL}` }, signedIn: true }, 'paymentMethod'],
  ['a bank-account id to link', { method: 'POST', url: '/api/v1/bank-accounts', payload: { bankId: NUL, accountNumber: '123456789012' }, signedIn: true }, 'bankId'],
  ['another control character (ESC)', { method: 'POST', url: '/api/v1/reviews', payload: { star: 5, text: 'Good\u001b[31m' }, signedIn: true }, 'text'],
  ['DEL', { method: 'POST', url: '/api/v1/contact', payload: { name: 'A\u007f', email: 'a@example.com', message: 'Hello' } }, 'name'],
  ['a nested key', { method: 'POST', url: '/api/v1/contact', payload: { name: 'A', email: 'a@example.com', message: 'Hello', extra: { [`k${NUL}`]: 1 } } }, 'extra.k?'],
  ['a PayPal order id in the path', { method: 'GET', url: '/api/v1/deposits/paypal/orders/%00', signedIn: true }, 'id'],
  ['a PayPal order id to capture', { method: 'POST', url: '/api/v1/deposits/paypal/orders/%00/capture', signedIn: true }, 'id'],
  ['a bank-account id in the path', { method: 'DELETE', url: '/api/v1/bank-accounts/ab%00cd', signedIn: true }, 'id'],
  ['a tab in a path id', { method: 'DELETE', url: '/api/v1/bank-accounts/ab%09cd', signedIn: true }, 'id'],
  ['a query string value', { method: 'GET', url: '/api/v1/reviews?limit=5%00' }, 'limit'],
  ['a query string value on a signed-in list', { method: 'GET', url: '/api/v1/statement?type=all%00', signedIn: true }, 'type'],
  ['a query string key', { method: 'GET', url: '/api/v1/banks?x%0a=1' }, 'x?'],
];

describe('control characters', () => {
  it.each(cases)('in %s are refused with 400 validation_failed, changing nothing', async (_what, { signedIn, ...request }, field) => {
    const before = await snapshot();
    const response = await t.app.inject({ ...request, ...(signedIn ? { headers: moneyHeaders(user.token) } : {}) });
    expect(response.statusCode, response.body).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields ?? {})).toEqual([field]);
    expect(await snapshot()).toEqual(before);
  });

  it('leave line breaks and tabs in a message alone', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: { name: 'A', email: 'lines@example.com', message: 'Hello,\r\n\tline two' } });
    expect(response.statusCode).toBe(202);
  });

  it('come after authentication: an anonymous request is 401 whatever it carries', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/deposits/paypal/orders/%00' });
    expect(response.statusCode).toBe(401);
  });
});

/** The API.md error body, and nothing of Fastify's own shape (`statusCode`, a string `error`). */
function expectApiError(text: string, code: string) {
  const parsed = JSON.parse(text) as unknown;
  expect(errorBodySchema.strict().parse(parsed).error.code).toBe(code);
}

/** Sends raw bytes over a socket and reads the whole answer: what Node's HTTP parser itself refuses. */
async function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('errors the framework meets before a route runs', () => {
  it.each([
    ['a malformed percent-escape in an id', 'DELETE', '/api/v1/bank-accounts/%ff'],
    ['a truncated percent-escape', 'GET', '/api/v1/deposits/paypal/orders/%E0%A4%A'],
    ['a path parameter over the router’s length limit', 'GET', `/api/v1/deposits/paypal/orders/${'a'.repeat(500)}`],
    ['a malformed escape in a page path', 'GET', '/dashboard/%ff'],
  ])('answer %s with 400 validation_failed in the API format', async (_what, method, url) => {
    for (const headers of [{}, bearer(user.token)]) {
      const response = await t.app.inject({ method: method as 'GET', url, headers });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
      expectApiError(response.body, 'validation_failed');
    }
  });

  it('answer a request Node cannot parse in the API format, and close the connection', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const answer = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nNot a header\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expectApiError(answer.slice(answer.indexOf('\r\n\r\n') + 4), 'validation_failed');
  });
});
