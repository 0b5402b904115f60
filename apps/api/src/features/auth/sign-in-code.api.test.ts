import { describe, expect, it } from 'vitest';
import { cookieValue, signUp } from '../../test/http-client.js';
import { MemoryMailer } from '../../test/test-app.js';
import { testAppForFile } from '../../test/test-app-for-file.js';
import { SIGN_IN_CODE_ATTEMPTS, SIGN_IN_CODE_TTL_MS } from './auth.service.js';

/**
 * Issue 24, defect 3: ten wrong passwords from anywhere held the owner's right password at 429 on a
 * new device, renewable forever. A one-time code mailed to the owner signs in despite the hold
 * (decision 0030); the attacker gains nothing from it.
 */
const mailer = new MemoryMailer();
const t = await testAppForFile({ mailer });

const ACCOUNT_FAILURES = 10;
const login = (email: string, password: string, ip: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: ip });
const requestCode = (email: string, ip = '192.0.2.10') => t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in-code', payload: { email }, remoteAddress: ip });
const useCode = (email: string, code: string, ip = '192.0.2.10') => t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in-code/verify', payload: { email, code }, remoteAddress: ip });

async function lockOut(email: string) {
  for (let attempt = 0; attempt < ACCOUNT_FAILURES; attempt += 1) {
    expect((await login(email, 'wrong password', `198.51.100.${attempt}`)).statusCode).toBe(401);
  }
}

/** The code in the newest mail to the address. */
async function mailedCode(email: string): Promise<string> {
  const mail = await mailer.waitFor(email);
  const code = /^\s+(\d{6})$/m.exec(mail.text)?.[1];
  expect(mail.subject).toBe(`${code} is your Poisha sign-in code`);
  return code!;
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('one-time sign-in code by mail (decision 0030)', () => {
  it('signs the owner in on a new device while failed passwords hold the account, and the device then takes the password', async () => {
    const user = await signUp(t.app);
    await lockOut(user.email);
    expect((await login(user.email, user.password, '192.0.2.20')).statusCode).toBe(429);

    const asked = await requestCode(user.email);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: 'If the address has a Poisha account, a sign-in code is on its way to it.' });
    const code = await mailedCode(user.email);
    // Typed with a space in the middle, as people copy it.
    const signedIn = await useCode(user.email, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(user.email);
    const token = signedIn.json().token as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);

    // The browser is now a known device: its password works despite the strangers' failures.
    const device = cookieValue(signedIn, 'poisha_device')!;
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: user.password }, remoteAddress: '192.0.2.20', cookies: { poisha_device: device } });
    expect(again.statusCode).toBe(200);
    // Strangers are still held.
    expect((await login(user.email, user.password, '203.0.113.99')).statusCode).toBe(429);
  });

  it('refuses a used code and an expired one', async () => {
    const user = await signUp(t.app);
    await requestCode(user.email);
    const code = await mailedCode(user.email);
    expect((await useCode(user.email, code)).statusCode).toBe(200);
    const reused = await useCode(user.email, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('invalid_sign_in_code');

    await requestCode(user.email);
    const late = await mailedCode(user.email);
    t.clock.advance(SIGN_IN_CODE_TTL_MS + 1);
    expect((await useCode(user.email, late)).json().error.code).toBe('invalid_sign_in_code');
  });

  it(`takes ${SIGN_IN_CODE_ATTEMPTS} tries at a code, even at once: then the right one is refused too`, async () => {
    const user = await signUp(t.app);
    await requestCode(user.email);
    const code = await mailedCode(user.email);
    const wrong = wrongCodeFor(code);
    const tries = await Promise.all(Array.from({ length: SIGN_IN_CODE_ATTEMPTS + 3 }, () => useCode(user.email, wrong)));
    expect(tries.every((answer) => answer.statusCode === 401)).toBe(true);
    expect((await useCode(user.email, code)).statusCode).toBe(401);
    const row = await t.db.kysely.selectFrom('sign_in_codes').select('attempts').where('user_id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(SIGN_IN_CODE_ATTEMPTS);
  });

  it('a new code replaces the previous one', async () => {
    const user = await signUp(t.app);
    await requestCode(user.email);
    const first = await mailedCode(user.email);
    mailer.sent.length = 0;
    await requestCode(user.email);
    const second = await mailedCode(user.email);
    if (first !== second) expect((await useCode(user.email, first)).statusCode).toBe(401);
    expect((await useCode(user.email, second)).statusCode).toBe(200);
  });

  it('keeps only a hash of the code', async () => {
    const user = await signUp(t.app);
    await requestCode(user.email);
    const code = await mailedCode(user.email);
    const row = await t.db.kysely.selectFrom('sign_in_codes').select('code_hash').where('user_id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^\$argon2id\$/);
    expect(row.code_hash).not.toContain(code);
  });

  it('mails at most 3 codes an hour per address typed (no mail bomb), known or not', async () => {
    const user = await signUp(t.app);
    const stranger = `nobody.${crypto.randomUUID()}@example.com`;
    for (const email of [user.email, stranger]) {
      const statuses = [];
      for (let index = 0; index < 4; index += 1) statuses.push((await requestCode(email, `192.0.2.${30 + index}`)).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429]);
    }
    expect(mailer.sent.filter((mail) => mail.to === user.email)).toHaveLength(3);
    t.clock.advance(60 * 60 * 1000);
    expect((await requestCode(user.email)).statusCode).toBe(202);
  });

  it('tells nothing about whether an address has an account', async () => {
    const user = await signUp(t.app);
    const stranger = `nobody.${crypto.randomUUID()}@example.com`;
    const [known, unknown] = [await requestCode(user.email, '192.0.2.40'), await requestCode(stranger, '192.0.2.41')];
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.json()).toEqual(unknown.json());
    expect(mailer.sent.some((mail) => mail.to === stranger)).toBe(false);
    const [wrongKnown, wrongUnknown] = [await useCode(user.email, '000000', '192.0.2.42'), await useCode(stranger, '000000', '192.0.2.43')];
    expect(wrongKnown.statusCode).toBe(401);
    expect(wrongKnown.json()).toEqual(wrongUnknown.json());
  });

  it('answers 400 in the API format for a code that is not 6 digits', async () => {
    const answer = await useCode('someone@example.com', '12ab');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({ code: 'validation_failed', fields: { code: 'Enter the 6 digits from the mail' } });
  });
});
