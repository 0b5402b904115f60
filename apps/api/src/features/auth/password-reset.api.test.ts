import { RESET_REQUESTED_MESSAGE } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../test/http-client.js';
import { MemoryMailer } from '../../test/test-app.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const mailer = new MemoryMailer();
const t = await testAppForFile({ mailer });

const requestReset = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email } });
const confirmReset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload: { token, password } });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

async function resetTokenFor(email: string): Promise<string> {
  const sentBefore = mailer.sent.length;
  expect((await requestReset(email)).statusCode).toBe(202);
  const deadline = Date.now() + 3000;
  while (mailer.sent.length === sentBefore && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  const mail = mailer.sent.at(-1)!;
  expect(mail.to).toBe(email);
  const link = /(http\S+\/resetpassword#token=([\w-]+))/.exec(mail.text);
  expect(link?.[1]).toMatch(/^http:\/\/localhost:3000\/resetpassword#token=/);
  return link![2]!;
}

const checkReset = (token: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/check', payload: { token }, remoteAddress });

describe('password reset', () => {
  it('tells the reset page whether its link still works, without using it up', async () => {
    const user = await signUp(t.app);
    const token = await resetTokenFor(user.email);
    expect((await checkReset(token)).statusCode).toBe(204);
    expect((await checkReset(token)).statusCode).toBe(204);
    expect((await confirmReset(token, 'a brand new password')).statusCode).toBe(204);
    const used = await checkReset(token);
    expect(used.statusCode).toBe(400);
    expect(used.json().error.code).toBe('invalid_reset_token');
    const unknown = await checkReset('no-such-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('invalid_reset_token');
    expect((await checkReset('')).statusCode).toBe(400);
  });

  it('limits how often one address may check links', async () => {
    let last = 0;
    for (let attempt = 0; attempt <= 30; attempt += 1) last = (await checkReset(`guess-${attempt}`, '10.77.0.1')).statusCode;
    expect(last).toBe(429);
    expect((await checkReset('guess', '10.77.0.2')).statusCode).toBe(400);
  });

  it('answers the same for known and unknown addresses and mails only real accounts', async () => {
    const user = await signUp(t.app);
    const sentBefore = mailer.sent.length;
    const unknown = await requestReset('nobody-here@example.com');
    const known = await requestReset(user.email);
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(known.json()).toEqual(unknown.json());
    await mailer.waitFor(user.email);
    expect(mailer.sent.slice(sentBefore).map((mail) => mail.to)).toEqual([user.email]);
  });

  it('sets the new password, ends every session and works only once', async () => {
    const user = await signUp(t.app);
    const otherLogin = await login(user.email, user.password);
    const token = await resetTokenFor(user.email);

    expect((await confirmReset(token, 'a brand new password')).statusCode).toBe(204);
    expect((await user.browser.request({ method: 'GET', url: '/api/v1/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(otherLogin.json().token) })).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'a brand new password')).statusCode).toBe(200);

    const again = await confirmReset(token, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_reset_token');

    const events = await t.db.kysely.selectFrom('audit_events').select('event').where('user_id', '=', user.user.id).execute();
    expect(events.map((row) => row.event)).toEqual(
      expect.arrayContaining(['password_reset_requested', 'password_reset_completed']),
    );
  });

  it('expires links after 30 minutes', async () => {
    const user = await signUp(t.app);
    const token = await resetTokenFor(user.email);
    t.clock.advance(30 * 60 * 1000 + 1);
    const response = await confirmReset(token, 'a brand new password');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_reset_token', message: expect.stringContaining('expired') });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('makes older links useless once one of them is used', async () => {
    const user = await signUp(t.app);
    const first = await resetTokenFor(user.email);
    const second = await resetTokenFor(user.email);
    expect((await confirmReset(second, 'a brand new password')).statusCode).toBe(204);
    expect((await confirmReset(first, 'another new password')).statusCode).toBe(400);
  });

  it("refuses a new password with the account's name, e-mail or a common one, and the link still works (issue 10, defect 8)", async () => {
    const user = await signUp(t.app, { name: 'Farhana Akter' });
    const token = await resetTokenFor(user.email);
    for (const password of ['akter is my name', `${user.email.split('@')[0]}!!`, '12345678', 'password', 'Passw0rd!', ' '.repeat(8)]) {
      const response = await confirmReset(token, password);
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(Object.keys(response.json().error.fields)).toEqual(['password']);
    }
    expect((await confirmReset(token, 'a brand new password')).statusCode).toBe(204);
  });

  it('lets one of two simultaneous uses of a link through', async () => {
    const user = await signUp(t.app);
    const token = await resetTokenFor(user.email);
    const responses = await Promise.all(
      ['first new password', 'second new password', 'third new password'].map((password) => confirmReset(token, password)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([204, 400, 400]);
  });

  it.each([
    ['an unknown token', { token: 'not-a-token', password: 'a brand new password' }, 400, 'invalid_reset_token'],
    ['a short new password', { token: 'abc', password: 'short' }, 400, 'validation_failed'],
    ['a missing token', { password: 'a brand new password' }, 400, 'validation_failed'],
    ['an over-long token', { token: 'x'.repeat(201), password: 'a brand new password' }, 400, 'validation_failed'],
  ])('rejects %s', async (_label, payload, status, code) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
  });

  it('rejects a request without a valid e-mail', async () => {
    for (const payload of [{}, { email: '' }, { email: 'nope' }, { email: ['a@b.c'] }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });
});
