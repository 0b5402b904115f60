import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/http-client.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const t = await testAppForFile();

// The limits are stated here, not read from the code under test: a loosened limit must fail.
/** Login attempts one account may receive in a 15-minute window. */
const LOGINS_PER_ACCOUNT = 10;
/** Login attempts one client address may make in a 15-minute window. */
const LOGINS_PER_ADDRESS = 50;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Password reset requests for one account in an hour. */
const RESETS_PER_ACCOUNT = 3;

const login = (email: string, password: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: ip });

describe('login rate limits', () => {
  it('block an account after too many attempts, even with the right password, until the window ends', async () => {
    const user = await signUp(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGINS_PER_ACCOUNT; attempt += 1) {
      statuses.push((await login(user.email, 'wrong password', `198.51.100.${attempt}`)).statusCode);
    }
    expect(statuses.every((status) => status === 401)).toBe(true);

    const blocked = await login(user.email, user.password, '198.51.100.200');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/^Too many attempts/) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const audit = await t.db.kysely.selectFrom('audit_events').select('event').where('event', '=', 'login_rate_limited').execute();
    expect(audit.length).toBeGreaterThan(0);

    t.clock.advance(LOGIN_WINDOW_MS);
    expect((await login(user.email, user.password, '198.51.100.201')).statusCode).toBe(200);
  });

  it('block an address that tries many accounts', async () => {
    const ip = '192.0.2.99';
    for (let attempt = 0; attempt < LOGINS_PER_ADDRESS; attempt += 1) {
      expect((await login(`guess${attempt}@example.com`, 'password1', ip)).statusCode).toBe(401);
    }
    const blocked = await login('one-more@example.com', 'password1', ip);
    expect(blocked.statusCode).toBe(429);
    expect((await login('one-more@example.com', 'password1', '192.0.2.100')).statusCode).toBe(401);
  });

  it('count simultaneous attempts exactly', async () => {
    const user = await signUp(t.app);
    const responses = await Promise.all(
      Array.from({ length: LOGINS_PER_ACCOUNT + 5 }, (_, i) => login(user.email, 'wrong password', `198.18.0.${i}`)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGINS_PER_ACCOUNT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});

describe('password reset rate limits', () => {
  it('block an account after a few requests', async () => {
    const user = await signUp(t.app);
    for (let attempt = 0; attempt < RESETS_PER_ACCOUNT; attempt += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: user.email }, remoteAddress: `10.9.0.${attempt}` });
      expect(response.statusCode).toBe(202);
    }
    const blocked = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: user.email } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
  });
});
