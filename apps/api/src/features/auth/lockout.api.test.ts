import { describe, expect, it } from 'vitest';
import { cookieValue, signUp } from '../../test/http-client.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

/** Issue 10, defect 6: a lockout that gives an attacker no denial of service (decision 0011). */
const t = await testAppForFile();

const DEVICE_COOKIE = 'poisha_device';
/** The limits as decision 0003 and 0011 state them: 10 failures per account per 15 minutes, 10 per known device. */
const ACCOUNT_FAILURES = 10;

const login = (email: string, password: string, ip: string, device?: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: ip, ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}) });

async function lockOut(email: string) {
  for (let attempt = 0; attempt < ACCOUNT_FAILURES; attempt += 1) {
    expect((await login(email, 'wrong password', `198.51.100.${attempt}`)).statusCode).toBe(401);
  }
}

describe('login lockout', () => {
  it('counts failures only: many correct logins in a row all succeed', async () => {
    const user = await signUp(t.app);
    const statuses = [];
    for (let attempt = 0; attempt < ACCOUNT_FAILURES + 5; attempt += 1) statuses.push((await login(user.email, user.password, '192.0.2.50')).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    await lockOut(user.email);
    expect((await login(user.email, user.password, '192.0.2.51')).statusCode).toBe(429);
  });

  it("lets the owner's browser, which signed in before, in with the right password while strangers are locked out", async () => {
    const user = await signUp(t.app);
    const earlier = await login(user.email, user.password, '192.0.2.60');
    const device = cookieValue(earlier, DEVICE_COOKIE);
    expect(device).toMatch(/^[\w-]{43}$/);
    expect(earlier.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });

    await lockOut(user.email);
    expect((await login(user.email, user.password, '192.0.2.61')).statusCode).toBe(429);
    const owner = await login(user.email, user.password, '192.0.2.61', device);
    expect(owner.statusCode).toBe(200);
    expect(cookieValue(owner, DEVICE_COOKIE)).toBe(device);
  });

  it("gives a sign-up's browser the device cookie too, and a cookie of another account counts for nothing", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const strangerSignup = await t.db.kysely.selectFrom('trusted_devices').select('token_hash').where('user_id', '=', stranger.user.id).execute();
    expect(strangerSignup).toHaveLength(1);
    const strangerDevice = cookieValue(await login(stranger.email, stranger.password, '192.0.2.70'), DEVICE_COOKIE)!;
    await lockOut(owner.email);
    expect((await login(owner.email, owner.password, '192.0.2.70', strangerDevice)).statusCode).toBe(429);
  });

  it('limits guesses from a known device by a count of its own', async () => {
    const user = await signUp(t.app);
    const device = cookieValue(await login(user.email, user.password, '192.0.2.80'), DEVICE_COOKIE)!;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(user.email, `guess ${attempt}`, '192.0.2.80', device)).statusCode).toBe(401);
    }
    expect((await login(user.email, user.password, '192.0.2.80', device)).statusCode).toBe(429);
  });
});
