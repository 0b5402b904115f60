import { errorBodySchema } from '@poisha/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUp, TEST_PIN } from './test/http-client.js';
import { multipart, realImage } from './test/images.js';
import { loadOperations, snapshotTables, urlOf, type Operation } from './test/openapi.js';
import { createSoftAuthenticator } from './test/passkey-authenticator.js';
import { createTestApp, type TestApp } from './test/test-app.js';

/**
 * The authorization matrix, generated from the OpenAPI document (issue 10): every documented
 * operation answers an anonymous caller 401, unless it is listed as public here; and every
 * operation on a resource named by an id answers a second user 404 and changes nothing. A new
 * endpoint is in the matrix without editing this file; a new endpoint with an id fails until it
 * has a factory below, so none is skipped silently.
 */

/** Operations anyone may call, each for a reason. */
const PUBLIC_OPERATIONS = new Set([
  'GET /api/health', // the probes tell nothing about anyone
  'GET /api/health/live',
  'GET /api/health/ready',
  'POST /api/v1/auth/signup',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/logout', // ends the session it is given, if any
  'POST /api/v1/auth/password-reset',
  'POST /api/v1/auth/password-reset/confirm',
  'POST /api/v1/auth/password-reset/check',
  'POST /api/v1/auth/verify-email', // the mailed link works signed in or not
  'POST /api/v1/auth/sign-in-code', // the way in while failed logins hold the account (decision 0030)
  'POST /api/v1/auth/sign-in-code/verify',
  'POST /api/v1/auth/login/two-step', // the second step of a sign-in: the challenge is its credential (decision 0044)
  'POST /api/v1/me/email/confirm', // the same for the e-mail change link
  'POST /api/v1/me/sessions/end-by-link', // the new-device mail's link: its token names the session (decision 0043)
  'POST /api/v1/auth/passkey/options', // a passkey sign-in's challenge names no account (decision 0045)
  'POST /api/v1/auth/passkey', // the passkey's signature is its credential
  'GET /api/v1/help-line',
  'GET /api/v1/rates',
  'GET /api/v1/banks',
  'GET /api/v1/reviews', // the landing page
  'POST /api/v1/contact',
  'POST /api/v1/app-link',
  'POST /api/v1/verify', // a document's holder checks its code; shows only what the document says
]);

/** Resources any signed-in user may read by design: profile photos, shown on favourites. */
const SHARED_WITH_SIGNED_IN_USERS = new Set(['GET /api/v1/photos/{file}']);

interface Owned {
  /** Values of the path parameters naming user A's resource. */
  params: Record<string, string>;
  /** A valid body per method, so the request reaches the ownership check rather than validation. */
  bodies?: Partial<Record<Operation['method'], unknown>>;
}

let t: TestApp;
let a: SignedUp;
let b: SignedUp;
let c: SignedUp;
let operations: Operation[];

const asUser = (user: SignedUp | null, operation: Operation, url: string, body?: unknown) =>
  t.app.inject({
    method: operation.method,
    url,
    headers: { ...(user ? bearer(user.token) : {}), 'idempotency-key': crypto.randomUUID() },
    ...(body === undefined ? {} : { payload: body as object }),
  });

async function post(user: SignedUp, url: string, payload?: unknown) {
  const response = await t.app.inject({ method: 'POST', url, headers: { ...bearer(user.token), 'idempotency-key': crypto.randomUUID() }, ...(payload === undefined ? {} : { payload: payload as object }) });
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** How to make user A's resource behind each path with an id. */
const factories: Record<string, () => Promise<Owned>> = {
  '/api/v1/photos/{file}': async () => {
    const body = multipart('photo', { name: 'me.png', type: 'image/png', content: await realImage('png', 64, 64) });
    const response = await t.app.inject({ method: 'PUT', url: '/api/v1/me/photo', headers: { ...bearer(a.token), ...body.headers }, payload: body.payload });
    const photoUrl: string = response.json().photoUrl;
    return { params: { file: decodeURIComponent(photoUrl.split('/').at(-1)!) } };
  },
  '/api/v1/support-tickets/{id}': async () => ({ params: { id: (await post(a, '/api/v1/support-tickets', { subject: 'Help', category: 'other', message: 'Please help' })).id } }),
  '/api/v1/support-tickets/{id}/messages': async () => ({
    params: { id: (await post(a, '/api/v1/support-tickets', { subject: 'Help', category: 'other', message: 'Please help' })).id },
    bodies: { POST: { message: 'Not mine to answer' } },
  }),
  '/api/v1/support-tickets/{id}/close': async () => ({ params: { id: (await post(a, '/api/v1/support-tickets', { subject: 'Help', category: 'other', message: 'Please help' })).id } }),
  '/api/v1/deposits/paypal/orders/{id}': async () => ({ params: { id: (await post(a, '/api/v1/deposits/paypal/orders')).id } }),
  '/api/v1/deposits/paypal/orders/{id}/capture': async () => ({ params: { id: (await post(a, '/api/v1/deposits/paypal/orders')).id } }),
  '/api/v1/deposits/paypal/orders/{id}/cancel': async () => ({ params: { id: (await post(a, '/api/v1/deposits/paypal/orders')).id } }),
  '/api/v1/bank-accounts/{id}': async () => {
    const banks = (await t.app.inject({ method: 'GET', url: '/api/v1/banks' })).json();
    const bankId = (Array.isArray(banks) ? banks : banks.items)[0].id;
    const number = String(Date.now()).padStart(12, '0').slice(-12);
    return { params: { id: (await post(a, '/api/v1/bank-accounts', { bankId, accountNumber: number })).id } };
  },
  '/api/v1/favourites/{id}': async () => ({ params: { id: (await post(a, '/api/v1/favourites', { name: 'Friend', phone: c.phone, origin: 'Dhaka' })).id } }),
  '/api/v1/money-requests/{id}/pay': async () => ({
    params: { id: (await post(a, '/api/v1/money-requests', { from: c.phone, amount: 500, note: 'tea' })).id },
    // The other user's own right PIN: the request is still not theirs to pay.
    bodies: { POST: { pin: TEST_PIN } },
  }),
  '/api/v1/money-requests/{id}/decline': async () => ({ params: { id: (await post(c, '/api/v1/money-requests', { from: a.phone, amount: 500, note: 'tea' })).id } }),
  '/api/v1/money-requests/{id}/cancel': async () => ({ params: { id: (await post(a, '/api/v1/money-requests', { from: c.phone, amount: 500, note: 'tea' })).id } }),
  '/api/v1/money-request-blocks/{phone}': async () => {
    await post(a, '/api/v1/money-request-blocks', { phone: c.phone });
    return { params: { phone: c.phone } };
  },
  '/api/v1/receipts/{transferId}': async () => ({ params: { transferId: (await post(a, '/api/v1/transfers', { to: c.phone, amount: 100, reference: '1', pin: TEST_PIN })).id } }),
  '/api/v1/receipts/{transferId}/pdf': async () => ({ params: { transferId: (await post(a, '/api/v1/transfers', { to: c.phone, amount: 100, reference: '1', pin: TEST_PIN })).id } }),
  // Another session of A's (a second sign-in), listed by A: its public id.
  '/api/v1/me/sessions/{id}': async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: a.email, password: a.password } });
    const sessions = (await t.app.inject({ method: 'GET', url: '/api/v1/me/sessions', headers: bearer(signIn.json().token) })).json();
    return { params: { id: sessions.items[0].id } };
  },
  // A passkey of A's, added as in Settings with the software authenticator.
  '/api/v1/passkeys/{id}': async () => {
    const options = await post(a, '/api/v1/passkeys/registration-options', { currentPassword: a.password, pin: TEST_PIN });
    const { response } = createSoftAuthenticator({ origin: t.config.PASSKEY_ORIGIN }).create(options);
    return { params: { id: (await post(a, '/api/v1/passkeys', { response })).id } };
  },
  '/api/v1/notifications/{id}/read': async () => {
    await post(c, '/api/v1/transfers', { to: a.phone, amount: 100, reference: '1', pin: TEST_PIN });
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: bearer(a.token) })).json();
    return { params: { id: list.items[0].id } };
  },
};

beforeAll(async () => {
  t = await createTestApp();
  [a, b, c] = [await signUp(t.app, { name: 'Anika Rahman' }), await signUp(t.app, { name: 'Bashir Khan' }), await signUp(t.app, { name: 'Chandni Das' })];
  operations = await loadOperations(t.app);
});
afterAll(() => t.close());

describe('authorization matrix from /api/docs/json', () => {
  it('documents the operations the matrix expects (a sanity floor, not a list)', () => {
    expect(operations.length).toBeGreaterThanOrEqual(60);
    for (const key of [...PUBLIC_OPERATIONS, ...SHARED_WITH_SIGNED_IN_USERS]) {
      expect(operations.map((operation) => operation.key), `${key} is listed here but not documented`).toContain(key);
    }
  });

  it('answers every non-public operation 401 without a session, before looking at the input', async () => {
    const wrong: string[] = [];
    for (const operation of operations) {
      if (PUBLIC_OPERATIONS.has(operation.key)) continue;
      const params = Object.fromEntries(operation.pathParams.map((name) => [name, crypto.randomUUID()]));
      for (const body of operation.bodyTypes.length > 0 ? [undefined, {}, { junk: 1 }] : [undefined]) {
        const response = await asUser(null, operation, urlOf(operation, params), body);
        if (response.statusCode !== 401 || errorBodySchema.parse(response.json()).error.code !== 'unauthenticated') {
          wrong.push(`${operation.key} ${JSON.stringify(body)} → ${response.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers a second user 404 on the first user's resources, for every operation with an id, and changes nothing", async () => {
    const withIds = operations.filter((operation) => operation.pathParams.length > 0);
    expect(withIds.length).toBeGreaterThanOrEqual(13);
    const missing = [...new Set(withIds.map((operation) => operation.path))].filter((path) => !(path in factories));
    expect(missing, 'paths with an id need a factory in authorization-matrix.api.test.ts').toEqual([]);

    const wrong: string[] = [];
    for (const operation of withIds) {
      const owned = await factories[operation.path]!();
      const url = urlOf(operation, owned.params);
      const before = await snapshotTables(t.db);
      const response = await asUser(b, operation, url, owned.bodies?.[operation.method]);
      const after = await snapshotTables(t.db);
      const expected = SHARED_WITH_SIGNED_IN_USERS.has(operation.key) ? 200 : 404;
      if (response.statusCode !== expected) wrong.push(`${operation.key} → ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (expected === 404 && response.statusCode === 404 && errorBodySchema.parse(response.json()).error.code !== 'not_found') wrong.push(`${operation.key}: not the API.md error body`);
      expect(after, `${operation.key} as another user changed rows`).toEqual(before);
      // The owner still reaches it: the 404 is about who asks, not a broken factory.
      if (operation.method === 'GET') expect((await asUser(a, operation, url)).statusCode, `${operation.key} as its owner`).toBe(200);
    }
    expect(wrong).toEqual([]);
  });
});
