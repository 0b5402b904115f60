import { errorBodySchema } from '@poisha/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/http-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let operations: { method: string; path: string; url: string; public: boolean }[];
beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  }>();
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        url: path.replaceAll(/\{[^}]+\}/g, 'x'),
        public: Array.isArray(operation.security) && operation.security.length === 0,
      })),
    );
});
afterAll(() => t.close());

/** Everything anyone may call without signing in. A new public endpoint is a decision: add it here. */
const PUBLIC_OPERATIONS = [
  'GET /api/v1/banks',
  'GET /api/v1/help-line',
  'GET /api/v1/rates',
  'GET /api/v1/reviews',
  'POST /api/v1/app-link',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/login/two-step', // the second step: the challenge is its credential (decision 0044)
  'POST /api/v1/auth/logout',
  'POST /api/v1/auth/password-reset',
  'POST /api/v1/auth/password-reset/check',
  'POST /api/v1/auth/password-reset/confirm',
  'POST /api/v1/auth/sign-in-code', // the way in for an owner whose password is held (decision 0030)
  'POST /api/v1/auth/sign-in-code/verify',
  'POST /api/v1/auth/signup',
  'POST /api/v1/auth/verify-email', // the link mailed at sign-up works signed in or not (decision 0012)
  'POST /api/v1/contact',
  'POST /api/v1/me/email/confirm',
  'POST /api/v1/me/sessions/end-by-link', // the new-device mail's link works signed out (decision 0043)
  'POST /api/v1/auth/passkey/options', // a passkey sign-in's challenge names no account (decision 0045)
  'POST /api/v1/auth/passkey', // the passkey's signature is its credential
  'POST /api/v1/verify', // whoever holds a statement or receipt checks its code (decision 0018)
];

/** A request every protected endpoint would refuse as invalid, if it looked at it. */
const badInput = (operation: { method: string; url: string }) => ({
  method: operation.method as 'GET',
  url: `${operation.url}?page=-1&pageSize=7&type=nonsense&from=yesterday&phone=abc&limit=0`,
  ...(operation.method === 'GET' || operation.method === 'HEAD' ? {} : { payload: { amount: 'lots', to: [], unexpected: true } }),
});

describe('authentication comes before validation', () => {
  it('marks in the OpenAPI document exactly the operations anyone may call', () => {
    expect(operations.length).toBeGreaterThan(PUBLIC_OPERATIONS.length);
    expect(operations.filter((operation) => operation.public).map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual([...PUBLIC_OPERATIONS].sort());
  });

  it('answers an anonymous request with a bad body or query 401 on every protected operation', async () => {
    const answers: string[] = [];
    for (const operation of operations.filter((candidate) => !candidate.public)) {
      const response = await t.app.inject(badInput(operation));
      const code = response.statusCode === 401 ? errorBodySchema.parse(response.json()).error.code : response.body.slice(0, 80);
      answers.push(`${operation.method} ${operation.path}: ${response.statusCode} ${code}`);
    }
    expect(answers.filter((answer) => !answer.endsWith(': 401 unauthenticated'))).toEqual([]);
  });

  it('answers an unknown session token 401 before looking at the body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: { authorization: 'Bearer not-a-session' }, payload: { to: 1 } });
    expect(response.statusCode).toBe(401);
  });

  it('checks a cookie request for its CSRF token before looking at the body', async () => {
    const user = await signUp(t.app);
    const response = await user.browser.request({ method: 'POST', url: '/api/v1/transfers', payload: { to: 1 }, withCsrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('csrf_failed');
  });
});
