import { describe, expect, it } from 'vitest';
import { balanceOf, bearer, moneyHeaders, provePhone, type SignedUp, signUp, TEST_PIN } from '../../test/http-client.js';
import { MemoryMailer } from '../../test/test-app.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const mailer = new MemoryMailer();
const t = await testAppForFile({ mailer, env: { PUBLIC_URL: 'https://wallet.poisha.example' } });

const login = (email: string, password: string, remoteAddress = '203.0.113.5') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress });

/** The memory mailer keeps the text as written (no quoted-printable to undo). */
function emailTokenIn(text: string): string {
  const match = /\/confirmEmail#token=([\w-]+)/.exec(text);
  if (!match) throw new Error('no confirmation link in the mail');
  return match[1]!;
}

/** Sends the whole balance to someone else, so the account may be closed. */
async function emptyWallet(user: SignedUp, to: SignedUp) {
  const amount = await balanceOf(t.app, user.token);
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(user.token), payload: { pin: TEST_PIN, to: to.phone, amount, reference: '1' } });
  expect(response.statusCode).toBe(201);
}

describe('PATCH /api/v1/me', () => {
  it('changes the name at once', async () => {
    const user = await signUp(t.app);
    const response = await user.browser.request({ method: 'PATCH', url: '/api/v1/me', payload: { name: '  Rahima Begum ', email: user.email } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Rahima Begum', email: user.email, pendingEmail: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).json().name).toBe('Rahima Begum');
  });

  it("refuses empty fields with the spec's messages, and needs a signed-in user with the CSRF token", async () => {
    const user = await signUp(t.app);
    const response = await user.browser.request({ method: 'PATCH', url: '/api/v1/me', payload: { name: '', email: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ name: 'Name is Required', email: 'email is Required' });
    expect((await t.app.inject({ method: 'PATCH', url: '/api/v1/me', payload: { name: 'X' } })).statusCode).toBe(401);
    expect((await user.browser.request({ method: 'PATCH', url: '/api/v1/me', payload: { name: 'X' }, withCsrf: false })).statusCode).toBe(403);
    for (const payload of [{ name: 42 }, { email: 'not-an-address' }, { name: 'x'.repeat(101) }]) {
      expect((await user.browser.request({ method: 'PATCH', url: '/api/v1/me', payload })).statusCode).toBe(400);
    }
  });

  it('changes the e-mail only after the link mailed to the new address is opened, and tells the old address', async () => {
    const user = await signUp(t.app);
    const newEmail = `new.${user.email}`;
    const withoutPassword = await user.browser.request({ method: 'PATCH', url: '/api/v1/me', payload: { email: newEmail } });
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json().error.fields.currentPassword).toBeDefined();
    const wrongPassword = await user.browser.request({ method: 'PATCH', url: '/api/v1/me', payload: { email: newEmail, currentPassword: 'not my password' } });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields.currentPassword).toBe('Your current password is not correct');

    const requested = await user.browser.request({ method: 'PATCH', url: '/api/v1/me', payload: { email: newEmail.toUpperCase(), currentPassword: user.password } });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toMatchObject({ email: user.email, pendingEmail: newEmail });
    const token = emailTokenIn((await (mailer as MemoryMailer).waitFor(newEmail)).text);
    const stored = await t.db.kysely.selectFrom('email_change_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    expect((await t.app.inject({ method: 'POST', url: '/api/v1/me/email/confirm', payload: { token } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).json().email).toBe(newEmail);
    const told = await mailer.waitFor(user.email);
    expect(told.subject).toBe('Your Poisha email address was changed');
    expect((await login(newEmail, user.password)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);

    const again = await t.app.inject({ method: 'POST', url: '/api/v1/me/email/confirm', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_email_token');
  });

  it('refuses an address another account uses, and links that expired', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const taken = await user.browser.request({ method: 'PATCH', url: '/api/v1/me', payload: { email: other.email, currentPassword: user.password } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('email_taken');

    const later = `later.${user.email}`;
    await user.browser.request({ method: 'PATCH', url: '/api/v1/me', payload: { email: later, currentPassword: user.password } });
    const token = emailTokenIn((await mailer.waitFor(later)).text);
    t.clock.advance(25 * 60 * 60 * 1000);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/me/email/confirm', payload: { token } })).statusCode).toBe(400);
    for (const payload of [{}, { token: '' }, { token: 'x'.repeat(201) }]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/me/email/confirm', payload })).statusCode).toBe(400);
    }
  });
});

describe('POST /api/v1/me/password', () => {
  it('changes the password, ends the other sessions and mails the user', async () => {
    const user = await signUp(t.app);
    const other = await login(user.email, user.password);
    const otherToken = other.json().token as string;
    const response = await user.browser.request({ method: 'POST', url: '/api/v1/me/password', payload: { currentPassword: user.password, newPassword: 'a brand new secret' } });
    expect(response.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(otherToken) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).statusCode).toBe(200);
    expect((await mailer.waitFor(user.email)).subject).toBe('Your Poisha password was changed');
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'a brand new secret')).statusCode).toBe(200);
  });

  it('refuses a new password that is common or contains the e-mail or the name (issue 10, defect 8)', async () => {
    const user = await signUp(t.app, { name: 'Farhana Akter' });
    const cases = [
      ['FARHANA forever', 'The password must not contain your e-mail address or name'],
      [`${user.email.split('@')[0]}-2026`, 'The password must not contain your e-mail address or name'],
      ['12345678', 'This password is too easy to guess. Use a few uncommon words, or make it longer'],
      ['Passw0rd!', 'This password is too easy to guess. Use a few uncommon words, or make it longer'],
    ];
    for (const [newPassword, message] of cases) {
      const response = await user.browser.request({ method: 'POST', url: '/api/v1/me/password', payload: { currentPassword: user.password, newPassword } });
      expect(response.statusCode, newPassword).toBe(400);
      expect(response.json().error.fields).toEqual({ newPassword: message });
    }
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a short or unchanged new one, and guessing', async () => {
    const user = await signUp(t.app);
    const wrong = await user.browser.request({ method: 'POST', url: '/api/v1/me/password', payload: { currentPassword: 'wrong one!', newPassword: 'another secret' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ currentPassword: 'Your current password is not correct' });
    const short = await user.browser.request({ method: 'POST', url: '/api/v1/me/password', payload: { currentPassword: user.password, newPassword: 'short' } });
    expect(short.json().error.fields.newPassword).toBe('Password must be at least 8 characters');
    const same = await user.browser.request({ method: 'POST', url: '/api/v1/me/password', payload: { currentPassword: user.password, newPassword: user.password } });
    expect(same.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/me/password', payload: { currentPassword: 'a', newPassword: 'bbbbbbbbbb' } })).statusCode).toBe(401);
    const statuses = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push((await user.browser.request({ method: 'POST', url: '/api/v1/me/password', payload: { currentPassword: `guess ${attempt}`, newPassword: 'another secret' } })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('DELETE /api/v1/me', () => {
  it('refuses while money is in the wallet', async () => {
    const user = await signUp(t.app);
    const response = await user.browser.request({ method: 'DELETE', url: '/api/v1/me', payload: { password: user.password } });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({ code: 'balance_not_zero', message: 'Withdraw or send your balance before closing your account' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).statusCode).toBe(200);
  });

  it('closes an empty account: signed out, no sign-in, e-mail and phone free again, ledger intact', async () => {
    const user = await signUp(t.app, { name: 'Closing Person' });
    const friend = await signUp(t.app);
    await emptyWallet(user, friend);
    const postingsBefore = await t.db.kysely.selectFrom('postings').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();

    const wrong = await user.browser.request({ method: 'DELETE', url: '/api/v1/me', payload: { password: 'not the password' } });
    expect(wrong.statusCode).toBe(400);
    const closed = await user.browser.request({ method: 'DELETE', url: '/api/v1/me', payload: { password: user.password } });
    expect(closed.statusCode).toBe(204);
    expect(closed.cookies.find((cookie) => cookie.name === '__Host-poisha_session')?.value).toBe('');
    expect((await user.browser.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await mailer.waitFor(user.email)).subject).toBe('Your Poisha account is closed');

    const postingsAfter = await t.db.kysely.selectFrom('postings').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(postingsAfter.n)).toBe(Number(postingsBefore.n));
    const statement = await t.app.inject({ method: 'GET', url: '/api/v1/statement?type=received', headers: bearer(friend.token) });
    expect(statement.json().items[0].counterparty).toEqual({ name: 'Closing Person', phone: user.phone });

    // The number's next SMS code may go a minute after its last (decision 0041).
    t.clock.advance(60_000);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { name: 'New Owner', email: user.email, password: 'another password', phone: user.phone } });
    expect(again.statusCode).toBe(201);
    // Not before the new owner proves the number.
    const beforeProof = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(friend.token), payload: { pin: TEST_PIN, to: user.phone, amount: 100, reference: '2' } });
    expect(beforeProof.json().error.code).toBe('unknown_recipient');
    await provePhone(t.app, again.json().token, user.phone);
    // Money sent to the phone number now reaches its new owner, not the closed wallet.
    const toNewOwner = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(friend.token), payload: { pin: TEST_PIN, to: user.phone, amount: 100, reference: '2' } });
    expect(toNewOwner.json().to.name).toBe('New Owner');
  });

  it("cancels pending money requests to and from the account, so nothing can pay into the closed wallet", async () => {
    const user = await signUp(t.app);
    const friend = await signUp(t.app);
    const asked = await t.app.inject({ method: 'POST', url: '/api/v1/money-requests', headers: bearer(user.token), payload: { from: friend.phone, amount: 500, note: 'lunch' } });
    expect(asked.statusCode).toBe(201);
    const owed = await t.app.inject({ method: 'POST', url: '/api/v1/money-requests', headers: bearer(friend.token), payload: { from: user.phone, amount: 700, note: 'taxi' } });
    expect(owed.statusCode).toBe(201);
    await emptyWallet(user, friend);
    expect((await user.browser.request({ method: 'DELETE', url: '/api/v1/me', payload: { password: user.password } })).statusCode).toBe(204);

    const paid = await t.app.inject({ method: 'POST', url: `/api/v1/money-requests/${asked.json().id}/pay`, headers: moneyHeaders(friend.token), payload: { pin: TEST_PIN } });
    expect(paid.statusCode).toBe(409);
    const statuses = await t.db.kysely.selectFrom('money_requests').select('status').where('id', 'in', [asked.json().id, owed.json().id]).execute();
    expect(statuses.map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('needs the password field, a session and the CSRF token', async () => {
    const user = await signUp(t.app);
    expect((await user.browser.request({ method: 'DELETE', url: '/api/v1/me', payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/me', payload: { password: user.password } })).statusCode).toBe(401);
    expect((await user.browser.request({ method: 'DELETE', url: '/api/v1/me', payload: { password: user.password }, withCsrf: false })).statusCode).toBe(403);
  });
});

describe('GET /api/v1/me/security-events', () => {
  it("lists the user's own sign-ins, failures and changes with time and address, newest first", async () => {
    const user = await signUp(t.app);
    const stranger = await signUp(t.app);
    await login(user.email, 'wrong password', '198.51.100.77');
    await login(user.email, user.password, '198.51.100.78');
    await login(stranger.email, stranger.password, '198.51.100.99');
    await user.browser.request({ method: 'POST', url: '/api/v1/me/password', payload: { currentPassword: user.password, newPassword: 'changed password 1' } });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/me/security-events?pageSize=10', headers: bearer(user.token) });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    // The sign-in came from a browser the account had not seen (decision 0043).
    expect(page.items.map((item: { event: string }) => item.event)).toEqual(['password_changed', 'new_device_sign_in', 'login_succeeded', 'login_failed', 'payment_pin_set', 'phone_verified', 'signup']);
    expect(page.items[2]).toMatchObject({ ip: '198.51.100.78' });
    expect(page.items[3]).toMatchObject({ ip: '198.51.100.77' });
    expect(page).toMatchObject({ total: 7, page: 0, pageSize: 10, pageCount: 1 });
    expect(JSON.stringify(page)).not.toContain('198.51.100.99');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/security-events?pageSize=7', headers: bearer(user.token) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/security-events' })).statusCode).toBe(401);
  });
});
