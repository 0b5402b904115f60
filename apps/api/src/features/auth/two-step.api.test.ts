import { RECOVERY_CODE_PATTERN, SESSION_COOKIE, type TwoStepChallenge } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, cookieValue, signUp, type SignedUp } from '../../test/http-client.js';
import { MemoryMailer } from '../../test/test-app.js';
import { testAppForFile } from '../../test/test-app-for-file.js';
import { totpCodeAt } from './two-step.js';

const mailer = new MemoryMailer();
const t = await testAppForFile({ mailer });

const STEP_MS = 30_000;

const post = (user: SignedUp | null, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: user ? bearer(user.token) : {}, payload });
const login = (user: SignedUp) => post(null, '/auth/login', { email: user.email, password: user.password });
const secondStep = (challenge: string, code: string) => post(null, '/auth/login/two-step', { challenge, code });
const status = async (user: SignedUp) => (await t.app.inject({ method: 'GET', url: '/api/v1/auth/two-step', headers: bearer(user.token) })).json();
const events = async (user: SignedUp) =>
  (await t.db.kysely.selectFrom('audit_events').select('event').where('user_id', '=', user.user.id).where('event', 'like', 'two_step%').orderBy('id').execute()).map((row) => row.event);

/** Turns two-step sign-in on as a person does; answers the secret the app holds and the recovery codes. */
async function turnOn(user: SignedUp): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post(user, '/auth/two-step/setup', { currentPassword: user.password });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await post(user, '/auth/two-step/enable', { code: totpCodeAt(secret, t.clock()) });
  expect(enabled.statusCode).toBe(200);
  // The next code is for a later step: the one that turned it on works once.
  t.clock.advance(STEP_MS);
  return { secret, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

async function challengeFor(user: SignedUp): Promise<string> {
  const answer = await login(user);
  expect(answer.statusCode).toBe(200);
  const body = answer.json<TwoStepChallenge>();
  expect(body).toMatchObject({ twoStepRequired: true, challenge: expect.any(String), expiresAt: new Date(t.clock() + 5 * 60_000).toISOString() });
  expect(answer.cookies).toHaveLength(0);
  return body.challenge;
}

describe('turning two-step sign-in on', () => {
  it('takes the password, shows the secret as a QR code, link and text, and stays off until a code proves the app has it', async () => {
    const user = await signUp(t.app);
    const wrongPassword = await post(user, '/auth/two-step/setup', { currentPassword: 'not the password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields).toHaveProperty('currentPassword');

    const setup = (await post(user, '/auth/two-step/setup', { currentPassword: user.password })).json<{ secret: string; otpauthUri: string; qrSvg: string }>();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toBe(`otpauth://totp/Poisha:${encodeURIComponent(user.email)}?issuer=Poisha&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(setup.qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    // Only sealed: the database does not hold the secret a phone's app computes codes from.
    const stored = await t.db.kysely.selectFrom('two_step_factors').selectAll().where('user_id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(setup.secret);
    expect(await status(user)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await login(user)).json()).toHaveProperty('token');

    const wrong = await post(user, '/auth/two-step/enable', { code: totpCodeAt(setup.secret, t.clock() + 10 * STEP_MS) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ code: 'This code is not right. Check the time on your phone and try again.' });

    // A phone a step behind still works (one step either side).
    const enabled = await post(user, '/auth/two-step/enable', { code: totpCodeAt(setup.secret, t.clock() - STEP_MS) });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await status(user)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(await events(user)).toEqual(['two_step_enabled']);

    const again = await post(user, '/auth/two-step/setup', { currentPassword: user.password });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('two_step_already_enabled');
  });

  it('answers 400 for codes that are not 6 digits, and changes nothing', async () => {
    const user = await signUp(t.app);
    await post(user, '/auth/two-step/setup', { currentPassword: user.password });
    for (const code of ['12345', '1234567', 'abcdef', '', 'K7QX-M2RA-9P']) {
      expect((await post(user, '/auth/two-step/enable', { code })).statusCode, code).toBe(400);
    }
    expect((await status(user)).enabled).toBe(false);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('asks for a code after the right password, and signs in with the app code; a code works once', async () => {
    const user = await signUp(t.app);
    const { secret } = await turnOn(user);
    const challenge = await challengeFor(user);

    const code = totpCodeAt(secret, t.clock());
    const signedIn = await secondStep(challenge, code);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(user.user.id);
    expect(cookieValue(signedIn, SESSION_COOKIE)).toBe(signedIn.json().token);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(signedIn.json().token) })).statusCode).toBe(200);

    // The same code, seen over a shoulder, in the same 30 seconds: refused.
    const replayed = await secondStep(await challengeFor(user), code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error.code).toBe('invalid_two_step_code');
    // A used challenge is over.
    expect((await secondStep(challenge, totpCodeAt(secret, t.clock() + STEP_MS))).json().error.message).toBe('This sign-in has expired. Sign in again with your password.');
    t.clock.advance(STEP_MS);
    expect((await secondStep(await challengeFor(user), totpCodeAt(secret, t.clock()))).statusCode).toBe(200);
  });

  it('takes a recovery code once, in any case and without its dashes', async () => {
    const user = await signUp(t.app);
    const { recoveryCodes } = await turnOn(user);
    const typed = recoveryCodes[3]!.replaceAll('-', '').toLowerCase();
    expect((await secondStep(await challengeFor(user), typed)).statusCode).toBe(200);
    expect((await secondStep(await challengeFor(user), recoveryCodes[3]!)).statusCode).toBe(401);
    expect(await status(user)).toEqual({ enabled: true, recoveryCodesLeft: 9 });
    expect(await events(user)).toEqual(['two_step_enabled', 'two_step_recovery_code_used', 'two_step_failed']);
  });

  it('gives a sign-in 5 tries and 5 minutes; 10 parallel tries with the right code sign in once', async () => {
    const user = await signUp(t.app);
    const { secret } = await turnOn(user);
    const challenge = await challengeFor(user);
    for (let index = 0; index < 5; index += 1) expect((await secondStep(challenge, '000000')).statusCode).toBe(401);
    const sixth = await secondStep(challenge, totpCodeAt(secret, t.clock()));
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json().error.message).toBe('This sign-in has expired. Sign in again with your password.');

    t.clock.advance(60 * 60_000);
    const late = await challengeFor(user);
    t.clock.advance(5 * 60_000);
    expect((await secondStep(late, totpCodeAt(secret, t.clock()))).statusCode).toBe(401);

    const racing = await challengeFor(user);
    const code = totpCodeAt(secret, t.clock());
    const answers = await Promise.all(Array.from({ length: 10 }, () => secondStep(racing, code)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(9);
  });

  it('limits code guesses per account to 10 an hour, however many sign-ins are started', async () => {
    const user = await signUp(t.app);
    const { secret } = await turnOn(user);
    t.clock.advance(60 * 60_000 - (t.clock() % (60 * 60_000)));
    for (let index = 0; index < 9; index += 1) expect((await secondStep(await challengeFor(user), '000000')).statusCode).toBe(401);
    const limited = await secondStep(await challengeFor(user), totpCodeAt(secret, t.clock()));
    expect(limited.statusCode).toBe(200);
    const over = await secondStep(await challengeFor(user), totpCodeAt(secret, t.clock() + STEP_MS));
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('asks for it after a mailed sign-in code too: the mail stands in for the password only', async () => {
    const user = await signUp(t.app);
    const { secret } = await turnOn(user);
    expect((await post(null, '/auth/sign-in-code', { email: user.email })).statusCode).toBe(202);
    const code = /\b(\d{6})\b/.exec((await mailer.waitFor(user.email)).text)![1]!;
    const answer = await post(null, '/auth/sign-in-code/verify', { email: user.email, code });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ twoStepRequired: true });
    expect(answer.cookies).toHaveLength(0);
    expect((await secondStep(answer.json().challenge, totpCodeAt(secret, t.clock()))).statusCode).toBe(200);
  });

  it('answers a wrong password as before, without a challenge', async () => {
    const user = await signUp(t.app);
    await turnOn(user);
    const wrong = await post(null, '/auth/login', { email: user.email, password: 'not the password at all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_credentials');
  });
});

describe('new recovery codes', () => {
  it('replace the others, with the password and a code', async () => {
    const user = await signUp(t.app);
    const { secret, recoveryCodes } = await turnOn(user);
    expect((await post(user, '/auth/two-step/recovery-codes', { currentPassword: user.password, code: '000000' })).statusCode).toBe(400);
    const renewed = await post(user, '/auth/two-step/recovery-codes', { currentPassword: user.password, code: totpCodeAt(secret, t.clock()) });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    expect((await secondStep(await challengeFor(user), recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await secondStep(await challengeFor(user), fresh[0]!)).statusCode).toBe(200);
    expect(await status(user)).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });
});

describe('turning two-step sign-in off', () => {
  it('takes the password and a code; then sign-in asks for the password only', async () => {
    const user = await signUp(t.app);
    const { secret, recoveryCodes } = await turnOn(user);
    expect((await post(user, '/auth/two-step/disable', { currentPassword: user.password, code: '000000' })).statusCode).toBe(400);
    expect((await post(user, '/auth/two-step/disable', { currentPassword: 'wrong password', code: totpCodeAt(secret, t.clock()) })).statusCode).toBe(400);
    const off = await post(user, '/auth/two-step/disable', { currentPassword: user.password, code: recoveryCodes[0]! });
    expect(off.statusCode).toBe(200);
    // The owner hears of both changes by mail.
    const mails = mailer.sent.filter((mail) => mail.to === user.email).map((mail) => mail.subject);
    expect(mails).toEqual(expect.arrayContaining(['Two-step sign-in is on for your Poisha account', 'Two-step sign-in is off for your Poisha account']));
    expect(off.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await login(user)).json()).toHaveProperty('token');
    const again = await post(user, '/auth/two-step/disable', { currentPassword: user.password, code: totpCodeAt(secret, t.clock()) });
    expect(again.statusCode).toBe(409);
    expect(await events(user)).toEqual(['two_step_enabled', 'two_step_disabled']);
  });
});
