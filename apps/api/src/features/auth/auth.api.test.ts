import { CSRF_COOKIE, errorBodySchema, SESSION_COOKIE } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, cookieValue, newUserInput, signUp } from '../../test/http-client.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const t = await testAppForFile();

const countRows = async (table: 'users' | 'accounts' | 'sessions') =>
  Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const auditEvents = async (userId: string) =>
  (await t.db.kysely.selectFrom('audit_events').select('event').where('user_id', '=', userId).orderBy('id').execute()).map((row) => row.event);

describe('POST /api/v1/auth/signup', () => {
  it('creates the user and a USD wallet, signs in with a cookie and returns a bearer token', async () => {
    const input = newUserInput({ email: 'Nadia.Islam@Example.com', phone: '01711-000001' });
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: input });

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({
      name: input.name,
      email: 'nadia.islam@example.com',
      phone: '+8801711000001',
      country: 'BD',
      photoUrl: null,
      balance: { currency: 'USD' },
    });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.token).toMatch(/^[\w-]{43}$/);

    const session = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.value).toBe(body.token);
    expect(response.cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.httpOnly).toBeFalsy();

    const wallet = await t.db.kysely.selectFrom('accounts').selectAll().where('user_id', '=', body.user.id).execute();
    expect(wallet).toEqual([expect.objectContaining({ kind: 'wallet', currency: 'USD' })]);

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('nadia.islam@example.com');
    expect(await auditEvents(body.user.id)).toEqual(['signup', 'phone_code_sent']);
  });

  it('rejects an e-mail that is already registered, whatever its case', async () => {
    const first = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: newUserInput({ email: first.email.toUpperCase() }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'email_taken', message: 'This email is already registered', fields: { email: 'This email is already registered' } },
    });
  });

  it('rejects a phone number already registered, written in another form', async () => {
    const first = await signUp(t.app);
    const national = `0${first.phone.slice(4)}`;
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: newUserInput({ phone: national }) });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('phone_taken');
    expect(response.json().error.fields).toEqual({ phone: 'This phone number is already registered' });
  });

  it('lets exactly one of many simultaneous sign-ups with one e-mail through', async () => {
    const email = 'race@example.com';
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: newUserInput({ email }) })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const users = await t.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    const wallets = await t.db.kysely.selectFrom('accounts').select('id').where('user_id', '=', users[0]!.id).execute();
    expect(wallets).toHaveLength(1);
  });

  const WEAK = 'This password is too easy to guess. Use a few uncommon words, or make it longer';
  const badBodies: Array<[string, unknown, Record<string, string> | null]> = [
    ['an empty object', {}, { name: 'Name is Required', email: 'Please Enter Your Email Address', password: 'Password is required', phone: 'Phone Number is required' }],
    ['a blank name', { name: '   ' }, { name: 'Name is Required' }],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, { name: 'Name must be at most 100 characters' }],
    ['an e-mail without @', { email: 'not-an-email' }, { email: 'Enter a valid email address' }],
    ['an e-mail over 254 characters', { email: `${'a'.repeat(250)}@example.com` }, { email: 'Enter a valid email address' }],
    ['a short password', { password: 'short' }, { password: 'Password must be at least 8 characters' }],
    ['a password over 128 characters', { password: 'p'.repeat(129) }, { password: 'Password must be at most 128 characters' }],
    ['a common password (issue 10, defect 8)', { password: '12345678' }, { password: WEAK }],
    ['"password" as the password', { password: 'password' }, { password: WEAK }],
    // Issue 24, defect 4: guessable passwords that passed the length and common-list rules.
    ['aaaaaaaa', { password: 'aaaaaaaa' }, { password: WEAK }],
    ['abcdefgh', { password: 'abcdefgh' }, { password: WEAK }],
    ['eight spaces', { password: ' '.repeat(8) }, { password: WEAK }],
    ['eight no-break spaces', { password: '\u00a0'.repeat(8) }, { password: WEAK }],
    ['Passw0rd!', { password: 'Passw0rd!' }, { password: WEAK }],
    ['poishapoisha', { password: 'poishapoisha' }, { password: WEAK }],
    ['the phone number in the password', { phone: '+8801911223344', password: '01911223344abc' }, { password: WEAK }],
    ['the e-mail as the password', { email: 'nadia.k@example.com', password: 'nadia.k@example.com' }, { password: 'The password must not contain your e-mail address or name' }],
    ['the name in the password', { name: 'Nadia Karim', password: 'karim rocks 99' }, { password: 'The password must not contain your e-mail address or name' }],
    ['an invalid phone number', { phone: '12345' }, { phone: 'Enter a valid phone number' }],
    ['a phone as a number', { phone: 8801712345678 }, { phone: 'Phone Number is required' }],
    ['a name as an object', { name: { first: 'a' } }, { name: 'Name is Required' }],
    ['an array as the body', [1, 2], null],
    ['null as the body', null, null],
  ];

  it.each(badBodies)('answers 400 validation_failed for %s and writes nothing', async (_label, patch, fields) => {
    const before = await countRows('users');
    const payload = patch === null || Array.isArray(patch) || Object.keys(patch as object).length === 0 ? patch : { ...newUserInput(), ...(patch as object) };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.error.code).toBe('validation_failed');
    if (fields) expect(body.error.fields).toEqual(fields);
    expect(await countRows('users')).toBe(before);
  });

  it.each([
    ['a malformed body', 400, 'invalid_json', { headers: { 'content-type': 'application/json' }, payload: '{"name": "a",' }],
    ['a huge body', 413, 'payload_too_large', { payload: { ...newUserInput(), name: 'x'.repeat(200_000) } }],
    ['a form post', 415, 'unsupported_media_type', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=a&email=b' }],
  ] as const)('answers %s with %i %s', async (_body, status, code, request) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', ...request });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
  });
});

describe('POST /api/v1/auth/login', () => {
  it('signs in, answers the user and a new session, and records it', async () => {
    const user = await signUp(t.app, { setPin: false });
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email.toUpperCase(), password: user.password } });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.user.id);
    const token = response.json().token;
    expect(token).not.toBe(user.token);
    expect(cookieValue(response, SESSION_COOKIE)).toBe(token);
    // No device cookie of the account: a new device, told to the owner (decision 0043).
    expect(await auditEvents(user.user.id)).toEqual(['signup', 'phone_code_sent', 'phone_verified', 'login_succeeded', 'new_device_sign_in']);
  });

  it('rotates the session: the cookie held before logging in stops working', async () => {
    const user = await signUp(t.app);
    const response = await user.browser.request({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: user.password } });
    expect(response.statusCode).toBe(200);
    const old = await user.browser.request({ method: 'GET', url: '/api/v1/me' });
    expect(old.statusCode).toBe(401);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const user = await signUp(t.app, { setPin: false });
    const wrongPassword = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: 'wrong password' } });
    const unknownEmail = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'nobody@example.com', password: 'wrong password' } });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid email or password' } });
      expect(response.cookies).toHaveLength(0);
    }
    expect(await auditEvents(user.user.id)).toEqual(['signup', 'phone_code_sent', 'phone_verified', 'login_failed']);
  });

  it.each([
    ['no body fields', {}],
    ['an e-mail that is not one', { email: 'x', password: 'whatever1' }],
    ['an empty password', { email: 'a@example.com', password: '' }],
    ['a password over 128 characters', { email: 'a@example.com', password: 'x'.repeat(129) }],
    ['numbers for strings', { email: 5, password: 6 }],
  ])('answers 400 for %s', async (_label, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });
});

describe('sessions', () => {
  it('work with the cookie for reads, and ask for the CSRF token on changes', async () => {
    const user = await signUp(t.app);
    expect((await user.browser.request({ method: 'GET', url: '/api/v1/me', withCsrf: false })).statusCode).toBe(200);

    const forged = await user.browser.request({ method: 'POST', url: '/api/v1/auth/logout', withCsrf: false });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('csrf_failed');
    expect((await user.browser.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(200);
  });

  it('do not take a CSRF token from another session', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    alice.browser.csrf = bob.browser.csrf;
    expect((await alice.browser.request({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(403);
  });

  it('end at logout, for the cookie and for a bearer token', async () => {
    const user = await signUp(t.app, { setPin: false });
    const logout = await user.browser.request({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value).toBe('');
    expect((await user.browser.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);

    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: user.password } });
    const token = login.json().token;
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).statusCode).toBe(401);
    expect(await auditEvents(user.user.id)).toEqual(['signup', 'phone_code_sent', 'phone_verified', 'logout', 'login_succeeded', 'new_device_sign_in', 'logout']);
  });

  it('end after 10 minutes without a request', async () => {
    const user = await signUp(t.app);
    t.clock.advance(10 * 60 * 1000 - 1000);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).statusCode).toBe(200);
    t.clock.advance(10 * 60 * 1000 - 1000);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).statusCode).toBe(200);
    t.clock.advance(10 * 60 * 1000);
    const expired = await user.browser.request({ method: 'GET', url: '/api/v1/me' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('unauthenticated');
    expect(expired.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value).toBe('');
    expect(await auditEvents(user.user.id)).toContain('session_expired');
  });

  it('end after 12 hours even when active', async () => {
    const user = await signUp(t.app);
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 9) {
      t.clock.advance(9 * 60 * 1000);
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) });
      if (elapsed + 9 < 12 * 60) expect(response.statusCode).toBe(200);
      else expect(response.statusCode).toBe(401);
    }
  });

  it('tell the web app when they will end', async () => {
    const user = await signUp(t.app);
    const response = await user.browser.request({ method: 'GET', url: '/api/v1/auth/session' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.id).toBe(user.user.id);
    expect(body.idleTimeoutSeconds).toBe(600);
    expect(Date.parse(body.idleExpiresAt) - t.clock()).toBe(600_000);
    expect(Date.parse(body.expiresAt) - t.clock()).toBe(12 * 3600_000);
  });

  it('reject unknown, malformed and over-long tokens with 401', async () => {
    for (const token of ['nope', 'x'.repeat(500), '']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
  });

  it('are stored only as hashes', async () => {
    const user = await signUp(t.app);
    const rows = await t.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', user.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(user.token);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });
});
