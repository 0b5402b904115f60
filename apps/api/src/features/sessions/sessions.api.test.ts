import { describe, expect, it } from 'vitest';
import { bearer, cookieValue, newUserInput, signUp } from '../../test/http-client.js';
import { MemoryMailer } from '../../test/test-app.js';
import { testAppForFile } from '../../test/test-app-for-file.js';
import { IDLE_TIMEOUT_MS } from '../../core/session/session-policy.js';

/** Issue 26, signed-in devices and the new-device mail (decision 0043). */
const mailer = new MemoryMailer();
const t = await testAppForFile({ mailer, env: { PUBLIC_URL: 'https://wallet.poisha.example' } });

/** Behind the https PUBLIC_URL the device cookie has its `__Host-` name (decision 0011). */
const DEVICE_COOKIE = t.app.sessionCookies.secure ? '__Host-poisha_device' : 'poisha_device';
const CHROME_ON_ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36';
const SAFARI_ON_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';
const NEW_DEVICE_SUBJECT = 'New sign-in to your Poisha account';

interface SignIn {
  token: string;
  device: string;
}

/** Signs in from a browser: a user agent, an address, and the device cookie it holds, if any. */
async function login(user: { email: string; password: string }, options: { userAgent?: string; ip?: string; device?: string } = {}): Promise<SignIn> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: options.ip ?? '203.0.113.7',
    headers: { 'user-agent': options.userAgent ?? CHROME_ON_ANDROID },
    ...(options.device ? { cookies: { [DEVICE_COOKIE]: options.device } } : {}),
  });
  expect(response.statusCode).toBe(200);
  const device = cookieValue(response, DEVICE_COOKIE);
  expect(device).toMatch(/^[\w-]{43}$/);
  return { token: response.json<{ token: string }>().token, device: device! };
}

const list = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/me/sessions', headers: bearer(token) });
const endOne = (token: string, id: string) => t.app.inject({ method: 'DELETE', url: `/api/v1/me/sessions/${encodeURIComponent(id)}`, headers: bearer(token) });
const endOthers = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/me/sessions/sign-out-others', headers: bearer(token) });
const endByLink = (token: unknown, ip = '192.0.2.44') => t.app.inject({ method: 'POST', url: '/api/v1/me/sessions/end-by-link', payload: { token }, remoteAddress: ip });
const meStatus = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).statusCode;
const sessionRows = (userId: string) => t.db.kysely.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
const mailsTo = (email: string) => mailer.sent.filter((mail) => mail.to === email && mail.subject === NEW_DEVICE_SUBJECT);
const events = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/me/security-events?pageSize=20', headers: bearer(token) })).json<{ items: Array<{ event: string }> }>().items.map((item) => item.event);

/** The token of the newest new-device mail to the address; the memory mailer keeps the text as written. */
function linkTokenIn(email: string): string {
  const mail = mailsTo(email).at(-1);
  const token = mail && /^https:\/\/wallet\.poisha\.example\/end-session#token=([\w-]{43})$/m.exec(mail.text)?.[1];
  if (!token) throw new Error(`no end-session link mailed to ${email}`);
  return token;
}

describe('GET /api/v1/me/sessions', () => {
  it("lists the user's own live sessions, this one first and marked, by public ids that are not the token hashes", async () => {
    const user = await signUp(t.app);
    const stranger = await signUp(t.app);
    t.clock.advance(1000);
    const phone = await login(user, { userAgent: CHROME_ON_ANDROID, ip: '203.0.113.21' });
    t.clock.advance(1000);
    const iphone = await login(user, { userAgent: SAFARI_ON_IPHONE, ip: '203.0.113.22' });
    await login(stranger);

    const response = await list(iphone.token);
    expect(response.statusCode).toBe(200);
    const { items, total } = response.json<{ items: Array<Record<string, unknown>>; total: number }>();
    expect(total).toBe(3);
    expect(items.map((item) => [item.browser, item.device, item.ip, item.current])).toEqual([
      ['Safari', 'iPhone', '203.0.113.22', true],
      ['Chrome', 'Android', '203.0.113.21', false],
      // The sign-up's own session: light-my-request's user agent and address, which name no browser.
      [null, null, '127.0.0.1', false],
    ]);
    expect(items[0]).toMatchObject({ createdAt: '2026-11-21T09:00:02.000Z', lastActiveAt: '2026-11-21T09:00:02.000Z' });
    const rows = await sessionRows(user.user.id);
    const ids = items.map((item) => item.id as string);
    expect(new Set(ids).size).toBe(3);
    expect(ids.sort()).toEqual(rows.map((row) => row.public_id).sort());
    for (const row of rows) expect(ids).not.toContain(row.id);
    expect(JSON.stringify(items)).not.toMatch(/[0-9a-f]{64}/);
    expect(phone.token).not.toBe(iphone.token);
  });

  it('leaves out sessions that ended by idleness or age', async () => {
    const user = await signUp(t.app);
    t.clock.advance(IDLE_TIMEOUT_MS - 60_000);
    const later = await login(user);
    t.clock.advance(2 * 60_000);
    const { items, total } = (await list(later.token)).json<{ items: unknown[]; total: number }>();
    expect(total).toBe(1);
    expect(items).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/sessions' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/me/sessions/{id}', () => {
  it('signs another session out at once, keeps this one working, forgets its browser, and shows in the security activity', async () => {
    const user = await signUp(t.app);
    const other = await login(user, { userAgent: CHROME_ON_ANDROID });
    const here = await login(user, { userAgent: SAFARI_ON_IPHONE });
    const otherId = (await list(here.token)).json<{ items: Array<{ id: string; current: boolean; device: string }> }>().items.find((item) => item.device === 'Android')!.id;

    const ended = await endOne(here.token, otherId);
    expect(ended.statusCode).toBe(204);
    expect(await meStatus(other.token)).toBe(401);
    expect(await meStatus(here.token)).toBe(200);
    expect((await list(here.token)).json().items.map((item: { id: string }) => item.id)).not.toContain(otherId);
    expect((await events(here.token))[0]).toBe('session_ended');
    // Its browser is no known device any more: signing in there again is told by mail.
    const before = mailsTo(user.email).length;
    await login(user, { device: other.device });
    expect(mailsTo(user.email)).toHaveLength(before + 1);
    // Ended once: the same id again is not found.
    expect((await endOne(here.token, otherId)).statusCode).toBe(404);
  });

  it('refuses to end the session in use (sign-out is its way out): 422, nothing changes', async () => {
    const user = await signUp(t.app);
    const here = await login(user);
    const current = (await list(here.token)).json<{ items: Array<{ id: string; current: boolean }> }>().items.find((item) => item.current)!;
    const rowsBefore = await sessionRows(user.user.id);
    const refused = await endOne(here.token, current.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('current_session');
    expect(await sessionRows(user.user.id)).toEqual(rowsBefore);
    expect(await meStatus(here.token)).toBe(200);
  });

  it("answers 404 for another user's session and an unknown id, and ends nothing", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const ownersId = (await list(owner.token)).json<{ items: Array<{ id: string }> }>().items[0]!.id;
    const ownerRows = await sessionRows(owner.user.id);
    const strangerRows = await sessionRows(stranger.user.id);
    for (const id of [ownersId, crypto.randomUUID(), 'x', ownerRows[0]!.id]) {
      const response = await endOne(stranger.token, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect((await endOne(stranger.token, 'x'.repeat(65))).statusCode).toBe(400);
    expect(await sessionRows(owner.user.id)).toEqual(ownerRows);
    expect(await sessionRows(stranger.user.id)).toEqual(strangerRows);
    expect(await meStatus(owner.token)).toBe(200);
  });

  it('needs the CSRF token with the cookie', async () => {
    const user = await signUp(t.app);
    const other = await login(user);
    const otherId = (await list(other.token)).json<{ items: Array<{ id: string; current: boolean }> }>().items.find((item) => item.current)!.id;
    const refused = await user.browser.request({ method: 'DELETE', url: `/api/v1/me/sessions/${otherId}`, withCsrf: false });
    expect(refused.statusCode).toBe(403);
    expect(await meStatus(other.token)).toBe(200);
    expect((await user.browser.request({ method: 'DELETE', url: `/api/v1/me/sessions/${otherId}` })).statusCode).toBe(204);
    expect(await meStatus(other.token)).toBe(401);
  });
});

describe('POST /api/v1/me/sessions/sign-out-others', () => {
  it('ends every other session of the user and only those, once', async () => {
    const user = await signUp(t.app);
    const stranger = await signUp(t.app);
    const first = await login(user);
    const second = await login(user, { userAgent: SAFARI_ON_IPHONE });
    const here = await login(user);

    const response = await endOthers(here.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 3 });
    for (const token of [first.token, second.token, user.token]) expect(await meStatus(token)).toBe(401);
    expect(await meStatus(here.token)).toBe(200);
    expect(await meStatus(stranger.token)).toBe(200);
    expect((await list(here.token)).json().items).toHaveLength(1);
    expect((await events(here.token)).filter((event) => event === 'other_sessions_ended')).toHaveLength(1);

    // Nothing left to end: nothing happens, and nothing is recorded.
    expect((await endOthers(here.token)).json()).toEqual({ ended: 0 });
    expect((await events(here.token)).filter((event) => event === 'other_sessions_ended')).toHaveLength(1);
    // The browsers stay known devices: the owner's own, as far as anyone knows.
    const before = mailsTo(user.email).length;
    await login(user, { device: first.device });
    expect(mailsTo(user.email)).toHaveLength(before);
  });
});

describe('the new-device mail', () => {
  it('is not sent for the sign-up, is sent once per new browser with time, browser and address, and never for a known one', async () => {
    const input = newUserInput({ name: 'Nusrat Jahan' });
    const signedUp = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: input, headers: { 'user-agent': CHROME_ON_ANDROID } });
    expect(signedUp.statusCode).toBe(201);
    const signUpDevice = cookieValue(signedUp, DEVICE_COOKIE)!;
    const user = { email: input.email, password: input.password };
    expect(mailsTo(user.email)).toHaveLength(0);
    t.clock.advance(60_000);
    const phone = await login(user, { userAgent: CHROME_ON_ANDROID, ip: '203.0.113.50' });
    expect(mailsTo(user.email)).toHaveLength(1);
    const mail = mailsTo(user.email)[0]!;
    expect(mail.text).toContain('Hello Nusrat Jahan,');
    // Bangladesh is UTC+6 all year: the wall clock there, worked out by hand.
    const dhaka = new Date(t.clock() + 6 * 60 * 60 * 1000);
    const hour = dhaka.getUTCHours() % 12 || 12;
    const month = dhaka.toLocaleString('en', { month: 'long', timeZone: 'UTC' });
    const wallClock = `${dhaka.getUTCDate()} ${month} ${dhaka.getUTCFullYear()}, ${hour}:${String(dhaka.getUTCMinutes()).padStart(2, '0')} ${dhaka.getUTCHours() < 12 ? 'am' : 'pm'}`;
    expect(mail.text).toContain(`Time: ${wallClock} (Bangladesh time)`);
    expect(mail.text).toContain('Browser: Chrome on Android');
    expect(mail.text).toContain('IP address: 203.0.113.50');
    expect((await events(phone.token)).slice(0, 2)).toEqual(['new_device_sign_in', 'login_succeeded']);

    expect((await login(user, { device: phone.device })).device, 'a known device keeps its cookie').toBe(phone.device);
    await login(user, { device: phone.device, userAgent: SAFARI_ON_IPHONE });
    expect(mailsTo(user.email)).toHaveLength(1);
    // The sign-up's own browser is known too.
    await login(user, { device: signUpDevice });
    expect(mailsTo(user.email)).toHaveLength(1);
    // Another browser is new, and so is a browser that holds only another account's cookie.
    await login(user, { userAgent: SAFARI_ON_IPHONE });
    const stranger = await signUp(t.app);
    const strangersDevice = (await login(stranger)).device;
    await login(user, { device: strangersDevice });
    expect(mailsTo(user.email)).toHaveLength(3);
  });

  it('comes with a sign-in by mailed code from a new browser, not from a known one', async () => {
    const user = await signUp(t.app);
    const known = await login(user);
    const before = mailsTo(user.email).length;
    const codeSignIn = async (device?: string) => {
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in-code', payload: { email: user.email } })).statusCode).toBe(202);
      const code = /^\s+(\d{6})$/m.exec(mailer.sent.findLast((mail) => mail.to === user.email && mail.subject.endsWith('sign-in code'))!.text)![1]!;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in-code/verify',
        payload: { email: user.email, code },
        headers: { 'user-agent': SAFARI_ON_IPHONE },
        ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
      });
      expect(response.statusCode).toBe(200);
      return cookieValue(response, DEVICE_COOKIE);
    };
    expect(await codeSignIn(known.device)).toBe(known.device);
    expect(mailsTo(user.email)).toHaveLength(before);
    await codeSignIn();
    expect(mailsTo(user.email)).toHaveLength(before + 1);
    expect(mailsTo(user.email).at(-1)!.text).toContain('Browser: Safari on iPhone');
  });

  it('is in Bangla for a Bangla reader, the time in Bangladesh time and Bangla digits', async () => {
    const user = await signUp(t.app);
    await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: bearer(user.token), payload: { language: 'bn' } });
    await login(user, { userAgent: 'curl/8.5.0', ip: '203.0.113.60' });
    const mail = mailer.sent.findLast((sent) => sent.to === user.email)!;
    expect(mail.subject).toBe('নতুন একটি ডিভাইস থেকে আপনার পয়সা অ্যাকাউন্টে সাইন ইন');
    expect(mail.text).toMatch(/সময়: [০-৯]+ [\u0980-\u09ff]+, [০-৯]{4}, [০-৯]+:[০-৯]{2} .+ \(বাংলাদেশ সময়\)/);
    expect(mail.text).toContain('ব্রাউজার: অজানা ব্রাউজার');
    expect(mail.text).toContain('আইপি ঠিকানা: 203.0.113.60');
    expect(mail.text).toMatch(/\/end-session#token=[\w-]{43}$/m);
  });
});

describe('POST /api/v1/me/sessions/end-by-link', () => {
  it('ends exactly the session the mail names, without a sign-in, once; its browser is forgotten', async () => {
    const user = await signUp(t.app);
    const usual = await login(user);
    const intruder = await login(user, { userAgent: SAFARI_ON_IPHONE, ip: '198.51.100.9' });
    const token = linkTokenIn(user.email);
    // The hash of the link's token is stored, never the token.
    expect(JSON.stringify(await sessionRows(user.user.id))).not.toContain(token);

    const ended = await endByLink(token);
    expect(ended.statusCode).toBe(204);
    expect(await meStatus(intruder.token)).toBe(401);
    expect(await meStatus(usual.token)).toBe(200);
    expect(await meStatus(user.token)).toBe(200);
    expect((await events(usual.token))[0]).toBe('session_ended');

    const again = await endByLink(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_session_link');
    // The intruder's browser is a new device again: its next sign-in is mailed too.
    const before = mailsTo(user.email).length;
    await login(user, { device: intruder.device });
    expect(mailsTo(user.email)).toHaveLength(before + 1);
  });

  it('does not work once the session has ended by itself', async () => {
    const user = await signUp(t.app);
    await login(user);
    const token = linkTokenIn(user.email);
    t.clock.advance(IDLE_TIMEOUT_MS);
    expect((await endByLink(token)).json().error.code).toBe('invalid_session_link');
  });

  it('refuses bad tokens with a 4xx that ends nothing, counting every try against the address', async () => {
    const user = await signUp(t.app);
    const other = await login(user);
    const rowsBefore = await sessionRows(user.user.id);
    const ip = '192.0.2.200';
    const tries: unknown[] = ['', 'x'.repeat(201), 12, null, 'A'.repeat(43), linkTokenIn(user.email).slice(0, 42), `${linkTokenIn(user.email)}x`];
    for (const token of tries) {
      const response = await endByLink(token, ip);
      expect(response.statusCode, JSON.stringify(token)).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/me/sessions/end-by-link', payload: {}, remoteAddress: ip })).statusCode).toBe(400);
    expect(await sessionRows(user.user.id)).toEqual(rowsBefore);
    // 30 tries an hour per address: the well-formed ones above counted (3), and the rest of the hour's are used here.
    for (let attempt = 3; attempt < 30; attempt += 1) expect((await endByLink(`guess-${attempt}`, ip)).statusCode).toBe(400);
    const limited = await endByLink(linkTokenIn(user.email), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await meStatus(other.token)).toBe(200);
    // From another address the right link still works.
    expect((await endByLink(linkTokenIn(user.email), '192.0.2.201')).statusCode).toBe(204);
    expect(await meStatus(other.token)).toBe(401);
  });
});
