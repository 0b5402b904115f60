import { describe, expect, it } from 'vitest';
import { PHONE_CODE_ATTEMPTS, transferMessages, type User } from '@poisha/contracts';
import { balanceOf, bearer, moneyHeaders, newUserInput, provePhone, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { latestCodeTo, MemorySms, sentSms } from '../../test/sms.js';
import { createTestApp, digitsLogged, MemoryMailer, testDatabase, type TestApp } from '../../test/test-app.js';
import { testAppForFile } from '../../test/test-app-for-file.js';
import { welcomeBonusTransfersOf } from '../../test/welcome-bonuses.js';

/** Issue 26: a phone number proven by a code sent by SMS (decision 0041). */
const t = await testAppForFile();

const BONUS = 100_000;
const MINUTE = 60_000;

const verify = (token: string, code: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/phone/verify', headers: bearer(token), payload: { code } });
const requestCode = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/phone/code', headers: bearer(token) });
/** Settings' phone change, confirmed by the user's own password unless another (or none: null) is given. */
const changePhone = (user: { token: string; password: string }, phone: string, currentPassword: string | null = user.password) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/phone/change', headers: bearer(user.token), payload: { phone, ...(currentPassword === null ? {} : { currentPassword }) } });
const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).json<User>();
const send = (from: SignedUp, to: string, amount = 100) =>
  t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token), payload: { pin: TEST_PIN, to, amount, reference: 'phone' } });
const ask = (requester: { token: string }, from: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/money-requests', headers: moneyHeaders(requester.token), payload: { from, amount: 100, note: 'lunch' } });

/** A code that is not the one sent (the sent one plus one, six digits). */
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const unproven = () => signUp(t.app, { provePhone: false });

describe('sign-up sends a code to the number', () => {
  it('sends 6 digits by SMS, keeps only a keyed hash, logs no code, and the user is not proven yet', async () => {
    const user = await unproven();
    expect(user.user).toMatchObject({ phoneVerified: false, welcomeBonusPending: true, balance: { amount: 0 } });
    const code = latestCodeTo(t.app, user.phone);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.db.kysely.selectFrom('one_time_codes').selectAll().where('user_id', '=', user.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'phone', target: user.phone, attempts: 0, used_at: null });
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(10 * MINUTE);
    expect(digitsLogged(t.logs.join('\n'), code)).toBe(false);
  });

  it('proves the number with the code: the user is proven, the code works once', async () => {
    const user = await unproven();
    const code = latestCodeTo(t.app, user.phone);
    const proof = await verify(user.token, code);
    expect(proof.statusCode).toBe(200);
    expect(proof.json().user).toMatchObject({ phone: user.phone, phoneVerified: true });
    expect(await me(user.token)).toMatchObject({ phoneVerified: true });
    // Reused: the code is spent.
    const again = await verify(user.token, code);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('phone_code_expired');
    // Nothing left to prove: no new code for a proven number.
    const more = await requestCode(user.token);
    expect(more.statusCode).toBe(409);
    expect(more.json().error.code).toBe('phone_already_verified');
  });

  it('accepts the code typed in Bangla digits, with spaces', async () => {
    const user = await unproven();
    const bangla = latestCodeTo(t.app, user.phone).replace(/\d/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)]!);
    const typed = `${bangla.slice(0, 3)} ${bangla.slice(3)}`;
    expect((await verify(user.token, typed)).statusCode).toBe(200);
  });

  it('refuses a code that is not 6 digits with 400 and counts no try', async () => {
    const user = await unproven();
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const answer = await verify(user.token, code);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('validation_failed');
    }
    const row = await t.db.kysely.selectFrom('one_time_codes').select('attempts').where('user_id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/phone/verify', payload: { code: '123456' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/phone/code' })).statusCode).toBe(401);
  });
});

describe('wrong, expired and brute-forced codes', () => {
  it('answers a wrong code 422 invalid_phone_code, and after 5 tries even the right code fails', async () => {
    const user = await unproven();
    const code = latestCodeTo(t.app, user.phone);
    for (let attempt = 0; attempt < PHONE_CODE_ATTEMPTS; attempt += 1) {
      const answer = await verify(user.token, wrongCodeFor(code));
      expect(answer.statusCode).toBe(422);
      expect(answer.json().error.code).toBe('invalid_phone_code');
    }
    const right = await verify(user.token, code);
    expect(right.statusCode).toBe(422);
    expect(right.json().error.code).toBe('phone_code_attempts_exhausted');
    expect(await me(user.token)).toMatchObject({ phoneVerified: false });
    // A new code (a minute later) starts again with 5 tries.
    t.clock.advance(MINUTE);
    expect((await requestCode(user.token)).statusCode).toBe(202);
    expect((await verify(user.token, latestCodeTo(t.app, user.phone))).statusCode).toBe(200);
  });

  it('answers an expired code 422 phone_code_expired after 10 minutes', async () => {
    const user = await unproven();
    const code = latestCodeTo(t.app, user.phone);
    // Sessions end after 10 idle minutes: the person is active in between.
    t.clock.advance(9 * MINUTE);
    expect((await requestCode(user.token)).statusCode).toBe(202);
    const latest = await t.db.kysely.selectFrom('one_time_codes').select('expires_at').where('user_id', '=', user.user.id).where('used_at', 'is', null).executeTakeFirstOrThrow();
    t.clock.advance(5 * MINUTE);
    await me(user.token);
    t.clock.advance(Date.parse(latest.expires_at) - t.clock());
    const answer = await verify(user.token, latestCodeTo(t.app, user.phone));
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.code).toBe('phone_code_expired');
    expect(await me(user.token)).toMatchObject({ phoneVerified: false });
    // The first code was replaced by the second, so it is no use either.
    expect((await verify(user.token, code)).statusCode).toBe(422);
  });

  it('a new code replaces the previous one', async () => {
    const user = await unproven();
    const first = latestCodeTo(t.app, user.phone);
    t.clock.advance(MINUTE);
    expect((await requestCode(user.token)).statusCode).toBe(202);
    const second = latestCodeTo(t.app, user.phone);
    if (first !== second) {
      const old = await verify(user.token, first);
      expect(old.statusCode).toBe(422);
      expect(old.json().error.code).toBe('invalid_phone_code');
    }
    expect((await verify(user.token, second)).statusCode).toBe(200);
  });

  it('checks at most 5 of 20 parallel wrong codes, and the code is then spent', async () => {
    const user = await unproven();
    const code = latestCodeTo(t.app, user.phone);
    const guesses = Array.from({ length: 20 }, (_, index) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => verify(user.token, guess)));
    const codes = answers.map((answer) => answer.json().error.code as string);
    expect(codes.filter((c) => c === 'invalid_phone_code')).toHaveLength(PHONE_CODE_ATTEMPTS);
    expect(codes.filter((c) => c === 'phone_code_attempts_exhausted')).toHaveLength(20 - PHONE_CODE_ATTEMPTS);
    const row = await t.db.kysely.selectFrom('one_time_codes').select('attempts').where('user_id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(PHONE_CODE_ATTEMPTS);
    expect((await verify(user.token, code)).json().error.code).toBe('phone_code_attempts_exhausted');
  });
});

describe('new codes: once a minute per number, 5 an hour per number and account, 10 an hour per number', () => {
  it('answers 429 with Retry-After within the minute, then sends, and says when the next may come', async () => {
    const user = await unproven();
    const early = await requestCode(user.token);
    expect(early.statusCode).toBe(429);
    expect(early.json().error.code).toBe('rate_limited');
    expect(Number(early.headers['retry-after'])).toBe(60);
    t.clock.advance(30_000);
    expect(Number((await requestCode(user.token)).headers['retry-after'])).toBe(30);
    t.clock.advance(30_000);
    const sent = await requestCode(user.token);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({
      phone: user.phone,
      expiresAt: new Date(t.clock() + 10 * MINUTE).toISOString(),
      resendAt: new Date(t.clock() + MINUTE).toISOString(),
    });
  });

  it('sends one of parallel requests for a number, whichever accounts ask', async () => {
    const target = newUserInput().phone;
    const accounts = await Promise.all(Array.from({ length: 5 }, () => signUp(t.app)));
    const before = sentSms(t.app).filter((sms) => sms.to === target).length;
    const parallel = await Promise.all(accounts.map((account) => changePhone(account, target)));
    expect(parallel.map((answer) => answer.statusCode).sort()).toEqual([202, 429, 429, 429, 429]);
    expect(sentSms(t.app).filter((sms) => sms.to === target).length - before).toBe(1);
  });

  it("sends 5 codes an hour for one account, so someone who typed another person's number cannot use up the owner's; 10 an hour to a number in all", async () => {
    const target = newUserInput().phone;
    const squatter = await signUp(t.app);
    const before = sentSms(t.app).filter((sms) => sms.to === target).length;
    const squatterStatuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      t.clock.advance(MINUTE);
      squatterStatuses.push((await changePhone(squatter, target)).statusCode);
    }
    expect(squatterStatuses).toEqual([202, 202, 202, 202, 202, 429]);
    // The number's owner (and others) still get codes, up to 10 to the number in the hour. (Signed up
    // now: sessions end after 10 idle minutes.)
    const others = await Promise.all(Array.from({ length: 6 }, () => signUp(t.app)));
    const othersStatuses: number[] = [];
    for (const account of others) {
      t.clock.advance(MINUTE);
      othersStatuses.push((await changePhone(account, target)).statusCode);
    }
    expect(othersStatuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(sentSms(t.app).filter((sms) => sms.to === target).length - before).toBe(10);
    // The first of the ten was sent 11 minutes ago: it leaves the hour in 49.
    const refused = await changePhone(others[5]!, target);
    expect(Number(refused.headers['retry-after'])).toBe(49 * 60);
    t.clock.advance(49 * MINUTE);
    // Sessions end after 10 idle minutes: a fresh account asks.
    const later = await signUp(t.app);
    expect((await changePhone(later, target)).statusCode).toBe(202);
  });

  it('limits the codes one account asks for, to any numbers, to 10 an hour', async () => {
    const user = await signUp(t.app);
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) statuses.push((await changePhone(user, newUserInput().phone)).statusCode);
    // The sign-up's code counted as the first of the ten.
    expect(statuses).toEqual([...Array(9).fill(202), 429, 429]);
  });
});

describe('an unproven number receives nothing', () => {
  it('refuses transfers and money requests to it with the answer for a number nobody has, and accepts them once proven', async () => {
    const sender = await signUp(t.app);
    const receiver = await unproven();
    const nobody = newUserInput().phone;
    const toUnproven = await send(sender, receiver.phone);
    const toNobody = await send(sender, nobody);
    expect(toUnproven.statusCode).toBe(422);
    expect(toUnproven.json()).toEqual(toNobody.json());
    expect(toUnproven.json().error).toMatchObject({ code: 'unknown_recipient', message: transferMessages.unknownRecipient });
    const lookup = await t.app.inject({ method: 'GET', url: `/api/v1/recipients?phone=${encodeURIComponent(receiver.phone)}`, headers: bearer(sender.token) });
    expect(lookup.statusCode).toBe(404);

    const askUnproven = await ask(sender, receiver.phone);
    const askNobody = await ask(sender, nobody);
    expect(askUnproven.statusCode).toBe(422);
    expect(askUnproven.json()).toEqual(askNobody.json());
    // Nor can the unproven number ask anyone for money.
    const fromUnproven = await ask(receiver, sender.phone);
    expect(fromUnproven.statusCode).toBe(422);
    expect(fromUnproven.json().error.code).toBe('phone_not_verified');
    expect(await balanceOf(t.app, receiver.token)).toBe(0);

    await provePhone(t.app, receiver.token, receiver.phone);
    expect((await send(sender, receiver.phone)).statusCode).toBe(201);
    expect((await ask(sender, receiver.phone)).statusCode).toBe(201);
    expect((await ask(receiver, sender.phone)).statusCode).toBe(201);
  });

  it('lets an unproven user send money', async () => {
    const sender = await signUp(t.app);
    const receiver = await signUp(t.app);
    const fresh = await unproven();
    expect((await send(sender, receiver.phone, 500)).statusCode).toBe(201);
    // The fresh wallet has nothing; a proven friend pays it only once it is proven, so send from it fails for funds, not for the proof.
    const answer = await send(fresh, receiver.phone);
    expect(answer.json().error.code).toBe('insufficient_funds');
  });
});

describe('the welcome bonus waits for the proof', () => {
  it('is paid once the number is proven (EMAIL_VERIFICATION=off), exactly once for parallel proofs', async () => {
    const user = await unproven();
    expect(await balanceOf(t.app, user.token)).toBe(0);
    const code = latestCodeTo(t.app, user.phone);
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify(user.token, code)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.statusCode !== 200)) expect(answer.statusCode).toBe(422);
    expect(await balanceOf(t.app, user.token)).toBe(BONUS);
    const bonuses = await welcomeBonusTransfersOf(t.db.kysely, user.user.id);
    expect(bonuses).toHaveLength(1);
    expect(await me(user.token)).toMatchObject({ phoneVerified: true, welcomeBonusPending: false });
  });

  it('is not paid again when the number changes', async () => {
    const user = await signUp(t.app);
    expect(await balanceOf(t.app, user.token)).toBe(BONUS);
    const next = newUserInput().phone;
    expect((await changePhone(user, next)).statusCode).toBe(202);
    await provePhone(t.app, user.token, next);
    expect(await balanceOf(t.app, user.token)).toBe(BONUS);
  });
});

describe('the welcome bonus with EMAIL_VERIFICATION=required', () => {
  it('is paid by whichever proof comes second, exactly once when the mailed link and the SMS code arrive at once', async () => {
    const mailer = new MemoryMailer();
    const required = await createTestApp({ mailer, env: { EMAIL_VERIFICATION: 'required' } });
    try {
      for (let round = 0; round < 3; round += 1) {
        const input = newUserInput();
        const signup = await required.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: input });
        const { token, user } = signup.json<{ token: string; user: User }>();
        const mail = await mailer.waitFor(input.email);
        const link = /verify-email#token=([\w-]+)/.exec(mail.text)![1]!;
        const code = latestCodeTo(required.app, input.phone);
        const [email, phone] = await Promise.all([
          required.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token: link } }),
          required.app.inject({ method: 'POST', url: '/api/v1/auth/phone/verify', headers: bearer(token), payload: { code } }),
        ]);
        expect([email.statusCode, phone.statusCode]).toEqual([204, 200]);
        expect(await balanceOf(required.app, token)).toBe(BONUS);
        const bonuses = await required.db.kysely.selectFrom('welcome_bonuses').select('transfer_id').where('user_id', '=', user.id).execute();
        expect(bonuses).toHaveLength(1);
      }
    } finally {
      await required.close();
    }
  });

  it('waits for the e-mail when the phone is proven first, and for the phone when the e-mail is', async () => {
    const mailer = new MemoryMailer();
    const required = await createTestApp({ mailer, env: { EMAIL_VERIFICATION: 'required' } });
    try {
      const phoneFirst = await signUp(required.app);
      expect(phoneFirst.user).toMatchObject({ phoneVerified: true, emailVerified: false, welcomeBonusPending: true, balance: { amount: 0 } });
      const input = newUserInput();
      const emailFirst = (await required.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: input })).json<{ token: string }>();
      const link = /verify-email#token=([\w-]+)/.exec((await mailer.waitFor(input.email)).text)![1]!;
      expect((await required.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token: link } })).statusCode).toBe(204);
      expect(await balanceOf(required.app, emailFirst.token)).toBe(0);
      expect(await provePhone(required.app, emailFirst.token, input.phone)).toMatchObject({ welcomeBonusPending: false, balance: { amount: BONUS } });
    } finally {
      await required.close();
    }
  });
});

describe('a phone change in Settings', () => {
  it('keeps the old number until the new one is proven, then the new one receives and the old one is free', async () => {
    const sender = await signUp(t.app);
    const user = await signUp(t.app);
    const oldPhone = user.phone;
    const newPhone = newUserInput().phone;
    const started = await changePhone(user, newPhone);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ phone: newPhone });
    expect(await me(user.token)).toMatchObject({ phone: oldPhone, phoneVerified: true });
    expect((await send(sender, oldPhone)).statusCode).toBe(201);
    expect((await send(sender, newPhone)).json().error.code).toBe('unknown_recipient');

    const proof = await verify(user.token, latestCodeTo(t.app, newPhone));
    expect(proof.statusCode).toBe(200);
    expect(proof.json().user).toMatchObject({ phone: newPhone, phoneVerified: true });
    expect((await send(sender, newPhone)).statusCode).toBe(201);
    expect((await send(sender, oldPhone)).json().error.code).toBe('unknown_recipient');
    const events = await t.db.kysely.selectFrom('audit_events').select('event').where('user_id', '=', user.user.id).execute();
    expect(events.map((row) => row.event)).toContain('phone_changed');
    // The old number is free for someone else.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: newUserInput({ phone: oldPhone }) })).statusCode).toBe(201);
  });

  it('refuses the own number, a number another account has, and a bad number', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const same = await changePhone(user, user.phone);
    expect(same.statusCode).toBe(422);
    expect(same.json().error.code).toBe('same_phone');
    const taken = await changePhone(user, other.phone);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('phone_taken');
    const bad = await changePhone(user, '12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('phone');
  });

  it('answers phone_taken when another account took the number between the code and the proof', async () => {
    const user = await signUp(t.app);
    const wanted = newUserInput().phone;
    expect((await changePhone(user, wanted)).statusCode).toBe(202);
    const code = latestCodeTo(t.app, wanted);
    t.clock.advance(MINUTE);
    await signUp(t.app, { phone: wanted });
    const proof = await verify(user.token, code);
    expect(proof.statusCode).toBe(409);
    expect(proof.json().error.code).toBe('phone_taken');
    expect(await me(user.token)).toMatchObject({ phone: user.phone });
  });

  it('lets an unproven account correct its number, and proves the new one', async () => {
    const user = await unproven();
    const corrected = newUserInput().phone;
    expect((await changePhone(user, corrected)).statusCode).toBe(202);
    // The sign-up's code was replaced by the new one.
    expect((await verify(user.token, latestCodeTo(t.app, user.phone))).statusCode).toBe(422);
    const proof = await verify(user.token, latestCodeTo(t.app, corrected));
    expect(proof.json().user).toMatchObject({ phone: corrected, phoneVerified: true, balance: { amount: BONUS } });
  });
});

describe('the current password confirms a phone change', () => {
  it('refuses a change without the password (400) and with a wrong one (400 on currentPassword), and sends no code', async () => {
    const user = await signUp(t.app);
    const wanted = newUserInput().phone;
    const missing = await changePhone(user, wanted, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'validation_failed' });
    expect(missing.json().error.fields).toHaveProperty('currentPassword');
    const wrong = await changePhone(user, wanted, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'validation_failed', fields: { currentPassword: 'Your current password is not correct' } });
    expect(sentSms(t.app).filter((sms) => sms.to === wanted)).toEqual([]);
    expect(await me(user.token)).toMatchObject({ phone: user.phone });
    expect((await changePhone(user, wanted)).statusCode).toBe(202);
  });

  it('counts wrong passwords with the other password checks: after 10 in a quarter hour even the right one waits', async () => {
    const user = await signUp(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) statuses.push((await changePhone(user, newUserInput().phone, `guess ${attempt}`)).statusCode);
    expect(statuses).toEqual(Array(10).fill(400));
    const right = await changePhone(user, newUserInput().phone);
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('rate_limited');
    // The same count as closing the account or changing the e-mail.
    const close = await user.browser.request({ method: 'DELETE', url: '/api/v1/me', payload: { password: user.password } });
    expect(close.statusCode).toBe(429);
  });
});

describe('only a proven number belongs to one account (squatters)', () => {
  /** Signs up with the number unproven; answers the account and the code its sign-up sent. */
  async function signUpHolding(phone: string) {
    t.clock.advance(MINUTE); // one code a minute per number
    const account = await signUp(t.app, { phone, provePhone: false });
    return { ...account, code: latestCodeTo(t.app, phone) };
  }

  it('lets the owner sign up with a number a squatter holds unproven; once the owner proves it, the squatter cannot', async () => {
    const phone = newUserInput().phone;
    const squatter = await signUpHolding(phone);
    const owner = await signUpHolding(phone);
    expect(owner.user).toMatchObject({ phone, phoneVerified: false });

    // Nobody proved it yet: it receives nothing, whoever of them typed it.
    const sender = await signUp(t.app);
    expect((await send(sender, phone)).json().error.code).toBe('unknown_recipient');

    expect((await verify(owner.token, owner.code)).statusCode).toBe(200);
    const refused = await verify(squatter.token, squatter.code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('phone_taken');
    expect(await me(squatter.token)).toMatchObject({ phone, phoneVerified: false });
    // No more codes to the owner's phone on the squatter's behalf.
    t.clock.advance(MINUTE);
    const noCode = await requestCode(squatter.token);
    expect(noCode.statusCode).toBe(409);
    expect(noCode.json().error.code).toBe('phone_taken');

    // A new sign-up with the proven number is refused as before.
    const late = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: newUserInput({ phone }) });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('phone_taken');

    // Money to the number reaches the owner, also when the squatter sends it.
    expect((await send(sender, phone, 300)).statusCode).toBe(201);
    // The squatter's own typed number is the owner's now: not a transfer to themselves, just an empty wallet.
    expect((await send(squatter, phone)).json().error.code).toBe('insufficient_funds');
    expect(await balanceOf(t.app, owner.token)).toBe(BONUS + 300);
    expect(await balanceOf(t.app, squatter.token)).toBe(0);

    // The squatter may take another number, prove it, and has a welcome bonus of their own (a new phone).
    const own = newUserInput().phone;
    expect((await changePhone(squatter, own)).statusCode).toBe(202);
    expect((await verify(squatter.token, latestCodeTo(t.app, own))).json().user).toMatchObject({ phone: own, phoneVerified: true, balance: { amount: BONUS } });
  });

  it('lets exactly one of two accounts proving one number at once have it; the other is told phone_taken', async () => {
    for (let round = 0; round < 4; round += 1) {
      const phone = newUserInput().phone;
      const first = await signUpHolding(phone);
      const second = await signUpHolding(phone);
      const answers = await Promise.all([verify(first.token, first.code), verify(second.token, second.code)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().error.code).toBe('phone_taken');
      const proven = await t.db.kysely.selectFrom('users').select('id').where('phone', '=', phone).where('phone_verified_at', 'is not', null).execute();
      expect(proven).toHaveLength(1);
      const bonuses = await t.db.kysely.selectFrom('welcome_bonuses').select('user_id').where('user_id', 'in', [first.user.id, second.user.id]).execute();
      expect(bonuses.map((row) => row.user_id)).toEqual(proven.map((row) => row.id));
    }
  });

  it('lets a proven account change to a number that only unproven accounts hold, and then it is theirs', async () => {
    const phone = newUserInput().phone;
    const squatters = [await signUpHolding(phone), await signUpHolding(phone)];
    const owner = await signUp(t.app);
    t.clock.advance(MINUTE);
    expect((await changePhone(owner, phone)).statusCode).toBe(202);
    expect((await verify(owner.token, latestCodeTo(t.app, phone))).json().user).toMatchObject({ phone, phoneVerified: true });
    for (const squatter of squatters) expect((await verify(squatter.token, squatter.code)).json().error.code).toBe('phone_taken');
    // Now proven: another account's change to it is refused before any code is sent.
    const other = await signUp(t.app);
    const taken = await changePhone(other, phone);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('phone_taken');
  });

  it('finds no recipient for a number only unproven accounts share, in transfers, requests and favourites', async () => {
    const phone = newUserInput().phone;
    const holders = [await signUpHolding(phone), await signUpHolding(phone)];
    const sender = await signUp(t.app);
    expect((await send(sender, phone)).json().error.code).toBe('unknown_recipient');
    expect((await ask(sender, phone)).json().error.code).toBe('unknown_recipient');
    const favourite = await t.app.inject({ method: 'POST', url: '/api/v1/favourites', headers: bearer(sender.token), payload: { name: 'Shared', phone, origin: 'Dhaka' } });
    expect(favourite.json().error.code).toBe('unknown_recipient');
    const lookUp = await t.app.inject({ method: 'GET', url: `/api/v1/recipients?phone=${encodeURIComponent(phone)}`, headers: bearer(sender.token) });
    expect(lookUp.statusCode).toBe(404);
    // One of them sending to the number they typed: it is nobody's yet, so it is their own.
    expect((await send(holders[0]!, phone)).json().error.code).toBe('self_transfer');
  });
});

describe('the SMS gateway', () => {
  it('sends the SMS once the code is committed: another connection already sees it', async () => {
    const seen: number[] = [];
    const checking = new (class extends MemorySms {
      database: TestApp['db'] | null = null;
      override async send(message: { to: string; text: string }): Promise<void> {
        // Inside an open transaction this would not see the row (PostgreSQL: another connection)
        // or would wait for the transaction forever (SQLite: one connection).
        const rows = await this.database!.kysely.selectFrom('one_time_codes').select('id').where('target', '=', message.to).where('used_at', 'is', null).execute();
        seen.push(rows.length);
        await super.send(message);
      }
    })();
    const app = await createTestApp({ sms: checking });
    checking.database = app.db;
    try {
      await signUp(app.app);
      expect(seen).toEqual([1]);
    } finally {
      await app.close();
    }
  });

  it('a failing gateway does not fail the sign-up, and the person can ask again', async () => {
    const failing = new (class extends MemorySms {
      override async send(): Promise<void> {
        throw new Error('gateway down');
      }
    })();
    const down = await createTestApp({ sms: failing });
    try {
      const answer = await down.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: newUserInput() });
      expect(answer.statusCode).toBe(201);
      expect(down.logs.join('\n')).toContain('phone code sms could not be sent');
    } finally {
      await down.close();
    }
  });

  it(`writes SMS to DATA_DIR/sms in development and logs the file, never the code (${testDatabase})`, async () => {
    const files = await createTestApp({ sms: 'from-config' });
    try {
      const user = await signUp(files.app);
      expect(user.user.phoneVerified).toBe(true);
      const [message] = sentSms(files.app);
      expect(message!.to).toBe(user.phone);
      const code = /\d{6}/.exec(message!.text)![0];
      const log = files.logs.join('\n');
      expect(log).toContain('development sms written');
      expect(log).not.toContain(code);
    } finally {
      await files.close();
    }
  });
});
