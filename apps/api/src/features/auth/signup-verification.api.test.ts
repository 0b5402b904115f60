import { describe, expect, it } from 'vitest';
import { balanceOf, bearer, newUserInput, provePhone, signUp } from '../../test/http-client.js';
import { createTestApp, MemoryMailer } from '../../test/test-app.js';
import { testAppForFile } from '../../test/test-app-for-file.js';
import { welcomeBonusTransfersOf } from '../../test/welcome-bonuses.js';

/** Issue 10, defect 5: the settings as production has them by default. */
const mailer = new MemoryMailer();
const t = await testAppForFile({ mailer, env: { EMAIL_VERIFICATION: 'required', SIGNUP_RATE_LIMIT: '5' } });

const BONUS = 100_000;
let address = 0;
/** Each test signs up from an address of its own, so the per-address limit does not mix them. */
const nextAddress = () => `203.0.113.${(address += 1)}`;

async function signUpFrom(ip: string, overrides: Parameters<typeof newUserInput>[0] = {}) {
  const input = newUserInput(overrides);
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: input, remoteAddress: ip });
  return { response, input };
}

async function verificationTokenFor(email: string): Promise<string> {
  const mail = await mailer.waitFor(email);
  const link = /(http\S+\/verify-email#token=([\w-]+))/.exec(mail.text);
  expect(link?.[1]).toMatch(/^http:\/\/localhost:3000\/verify-email#token=/);
  return link![2]!;
}

const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });

describe('sign-up rate limit per address (SIGNUP_RATE_LIMIT=5)', () => {
  it('lets 5 sign-ups an hour through from one address, answers the 6th 429, and other addresses still sign up', async () => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await signUpFrom(ip)).response.statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await signUpFrom(ip);
    expect(refused.response.json().error.code).toBe('rate_limited');
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(0);
    const users = await t.db.kysely.selectFrom('users').select('email').where('email', '=', refused.input.email).execute();
    expect(users).toEqual([]);
    expect((await signUpFrom(nextAddress())).response.statusCode).toBe(201);
    t.clock.advance(60 * 60 * 1000);
    expect((await signUpFrom(ip)).response.statusCode).toBe(201);
  });

  it('is off with SIGNUP_RATE_LIMIT=0', async () => {
    const unlimited = await createTestApp({ env: { SIGNUP_RATE_LIMIT: '0' } });
    try {
      for (let index = 0; index < 8; index += 1) {
        const response = await unlimited.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: newUserInput(), remoteAddress: '198.51.100.9' });
        expect(response.statusCode).toBe(201);
      }
    } finally {
      await unlimited.close();
    }
  });
});

describe('welcome bonus after e-mail verification (EMAIL_VERIFICATION=required)', () => {
  it('keeps the bonus pending until the mailed link is opened, then credits it once', async () => {
    const { response, input } = await signUpFrom(nextAddress());
    expect(response.statusCode).toBe(201);
    const { user, token } = response.json();
    expect(user).toMatchObject({ emailVerified: false, phoneVerified: false, welcomeBonusPending: true, balance: { amount: 0 } });
    expect(await provePhone(t.app, token, user.phone)).toMatchObject({ phoneVerified: true, welcomeBonusPending: true, balance: { amount: 0 } });

    const link = await verificationTokenFor(input.email.toLowerCase());
    expect((await verify(link)).statusCode).toBe(204);
    expect(await balanceOf(t.app, token)).toBe(BONUS);
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).json();
    expect(me).toMatchObject({ emailVerified: true, welcomeBonusPending: false });

    expect((await verify(link)).statusCode).toBe(204);
    expect(await balanceOf(t.app, token)).toBe(BONUS);
    const events = await t.db.kysely.selectFrom('audit_events').select('event').where('user_id', '=', user.id).execute();
    expect(events.map((row) => row.event)).toContain('email_verified');
  });

  it('credits the bonus exactly once when the link is opened many times at once', async () => {
    const { response, input } = await signUpFrom(nextAddress());
    const { user, token } = response.json();
    await provePhone(t.app, token, user.phone);
    const link = await verificationTokenFor(input.email.toLowerCase());
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify(link)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204, 204, 204]);
    expect(await balanceOf(t.app, token)).toBe(BONUS);
    const bonuses = await welcomeBonusTransfersOf(t.db.kysely, user.id);
    expect(bonuses).toHaveLength(1);
  });

  it('refuses an unknown, expired or foreign-address link with 400 invalid_email_token', async () => {
    expect((await verify('not-a-token')).json().error.code).toBe('invalid_email_token');
    const { response, input } = await signUpFrom(nextAddress());
    const link = await verificationTokenFor(input.email.toLowerCase());
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1);
    const expired = await verify(link);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatchObject({ code: 'invalid_email_token', message: expect.stringContaining('expired') });
    const wallet = await t.db.kysely.selectFrom('accounts').select('balance').where('user_id', '=', response.json().user.id).executeTakeFirstOrThrow();
    expect(wallet.balance).toBe(0);
  });

  it('mails a new link on request, at most 3 an hour, and a verified user gets none', async () => {
    const { response, input } = await signUpFrom(nextAddress());
    let { token } = response.json();
    const email = input.email.toLowerCase();
    const resend = () => t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email/resend', headers: bearer(token) });
    // Verification mails only: the later sign-in is from a new device, which is mailed too (decision 0043).
    const verificationMails = () => mailer.sent.filter((mail) => mail.to === email && mail.subject === 'Verify your e-mail address for Poisha');
    const sentBefore = verificationMails().length;
    const statuses = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await resend()).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const deadline = Date.now() + 3000;
    while (verificationMails().length < sentBefore + 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(verificationMails()).toHaveLength(sentBefore + 3);

    expect((await verify(await verificationTokenFor(email))).statusCode).toBe(204);
    t.clock.advance(60 * 60 * 1000);
    token = (await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: input.password } })).json().token;
    expect((await resend()).statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(verificationMails()).toHaveLength(sentBefore + 3);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email/resend' })).statusCode).toBe(401);
  });

  it('verifies the seeded demo user, who has the bonus without a link', async () => {
    const demo = await createTestApp({ env: { EMAIL_VERIFICATION: 'required', SEED_DEMO_DATA: 'true' } });
    try {
      const { seedDemoData } = await import('../../seed/demo-data.js');
      await seedDemoData(demo.db, demo.app.services, demo.clock());
      const login = await demo.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'demo@poisha.app', password: 'demo-pass-123' } });
      expect(login.json().user).toMatchObject({ emailVerified: true, welcomeBonusPending: false });
    } finally {
      await demo.close();
    }
  });
});

describe('EMAIL_VERIFICATION=off', () => {
  it('credits the bonus once the phone is proven, and mails no link', async () => {
    const off = await createTestApp({ mailer: new MemoryMailer(), env: { EMAIL_VERIFICATION: 'off' } });
    try {
      const user = await signUp(off.app);
      expect(user.user).toMatchObject({ emailVerified: false, welcomeBonusPending: false, balance: { amount: BONUS } });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((off.mailer as MemoryMailer).sent).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
