import { describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../test/http-client.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const t = await testAppForFile();

describe('loan interest', () => {
  it('is registered once per user and shown to that user only', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/loan-interest', headers: bearer(user.token) })).json()).toEqual({ registered: false, registeredAt: null });
    const first = await user.browser.request({ method: 'PUT', url: '/api/v1/loan-interest' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ registered: true, registeredAt: '2026-11-21T09:00:00.000Z' });
    t.clock.advance(60_000);
    expect((await user.browser.request({ method: 'PUT', url: '/api/v1/loan-interest' })).json().registeredAt).toBe('2026-11-21T09:00:00.000Z');
    expect(await t.db.kysely.selectFrom('loan_interests').selectAll().execute()).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/loan-interest', headers: bearer(other.token) })).json().registered).toBe(false);
  });

  it('needs a session and the CSRF token', async () => {
    const user = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/loan-interest' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/loan-interest' })).statusCode).toBe(401);
    expect((await user.browser.request({ method: 'PUT', url: '/api/v1/loan-interest', withCsrf: false })).statusCode).toBe(403);
  });
});
