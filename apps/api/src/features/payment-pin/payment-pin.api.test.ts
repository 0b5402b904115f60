import { PAYMENT_PIN_FIRST_BLOCK_SECONDS, PAYMENT_PIN_LATER_BLOCK_SECONDS, type PaymentPinStatus, type User } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import { balanceOf, bearer, moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { latestCodeTo, sentSms } from '../../test/sms.js';
import { loadOperations } from '../../test/openapi.js';
import { digitsLogged, MemoryMailer } from '../../test/test-app.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const mailer = new MemoryMailer();
const t = await testAppForFile({ mailer });

const HOUR_MS = 3_600_000;

const send = (from: SignedUp, to: SignedUp, pin: string, key?: string, amount = 100) =>
  t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token, key), payload: { to: to.phone, amount, reference: '26', pin } });
const status = async (user: SignedUp) => (await t.app.inject({ method: 'GET', url: '/api/v1/payment-pin', headers: bearer(user.token) })).json<PaymentPinStatus>();
const setPin = (user: SignedUp, pin: string) => t.app.inject({ method: 'PUT', url: '/api/v1/payment-pin', headers: bearer(user.token), payload: { pin } });
const changePin = (user: SignedUp, currentPin: string, newPin: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/payment-pin/change', headers: bearer(user.token), payload: { currentPin, newPin } });
const askResetCode = (user: SignedUp) => t.app.inject({ method: 'POST', url: '/api/v1/payment-pin/reset/code', headers: bearer(user.token) });
const resetPin = (user: SignedUp, body: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/v1/payment-pin/reset', headers: bearer(user.token), payload: body });
const transferCount = async (fromUser: SignedUp) =>
  Number(
    (
      await t.db.kysely
        .selectFrom('transfers')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('kind', '=', 'transfer')
        .where('initiated_by', '=', fromUser.user.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
const pinEvents = async (user: SignedUp) =>
  (await t.db.kysely.selectFrom('audit_events').select('event').where('user_id', '=', user.user.id).where('event', 'like', 'payment_pin%').orderBy('id').execute()).map((row) => row.event);

/** Hours later the session has ended: the user signs in again (a block does not stop signing in). */
async function laterSignedIn(user: SignedUp): Promise<SignedUp> {
  const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: user.password } });
  expect(signIn.statusCode).toBe(200);
  return { ...user, token: signIn.json<{ token: string }>().token };
}

/** Three wrong PINs in a row: the third answers 403 and blocks payments. */
async function blockPayments(from: SignedUp, to: SignedUp) {
  for (const pin of ['11112', '11113']) expect((await send(from, to, pin)).statusCode).toBe(422);
  const third = await send(from, to, '11114');
  expect(third.statusCode).toBe(403);
  return third;
}

describe('choosing the payment PIN', () => {
  it('is asked once after sign-up: a wallet without one cannot pay, and the same key works once it is set', async () => {
    const [alice, bob] = [await signUp(t.app, { setPin: false }), await signUp(t.app)];
    expect(alice.user.paymentPinSet).toBe(false);
    expect(await status(alice)).toEqual({ set: false, blockedUntil: null, triesLeft: 3 });

    const refused = await send(alice, bob, '24680', 'first-payment');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'payment_pin_not_set', fields: { pin: 'Set your payment PIN before you pay' } });

    expect((await setPin(alice, '24680')).json()).toEqual({ set: true, blockedUntil: null, triesLeft: 3 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(alice.token) })).json<User>().paymentPinSet).toBe(true);
    // The refusal did not use the key: the same payment goes through now.
    expect((await send(alice, bob, '24680', 'first-payment')).statusCode).toBe(201);
    expect(await pinEvents(alice)).toEqual(['payment_pin_set']);
  });

  it('refuses PINs that are easy to guess, the end of the phone number included, and a second choice', async () => {
    const user = await signUp(t.app, { setPin: false, phone: '+8801711357924' });
    for (const [pin, message] of [
      ['11111', 'Choose a PIN that is not one digit five times'],
      ['12345', 'Choose a PIN that is not a run of digits like 12345'],
      ['98765', 'Choose a PIN that is not a run of digits like 12345'],
      ['01234', 'Choose a PIN that is not a run of digits like 12345'],
      ['57924', 'Choose a PIN that is not the end of your phone number'],
      ['1234', 'Your PIN is 5 digits'],
      ['12a45', 'Your PIN is 5 digits'],
      ['', 'Enter your 5-digit PIN'],
    ]) {
      const response = await setPin(user, pin!);
      expect(response.statusCode, pin).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'validation_failed', fields: { pin: message } });
    }
    expect((await status(user)).set).toBe(false);

    // Bangla digits, as a Bangla keyboard types them: the PIN is 20468.
    expect((await setPin(user, '২০৪৬৮')).statusCode).toBe(200);
    const again = await setPin(user, '86420');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('payment_pin_already_set');
    const friend = await signUp(t.app);
    expect((await send(user, friend, '20468')).statusCode).toBe(201);
  });

  it('answers 400 and changes nothing for a body that is not a PIN', async () => {
    const user = await signUp(t.app, { setPin: false });
    for (const payload of [{}, { pin: 24680 }, { pin: null }, { pin: '2'.repeat(41) }]) {
      expect((await t.app.inject({ method: 'PUT', url: '/api/v1/payment-pin', headers: bearer(user.token), payload })).statusCode).toBe(400);
    }
    expect((await status(user)).set).toBe(false);
  });
});

describe('a payment approved by the PIN', () => {
  it('is every money-moving operation that takes money out of the wallet, as the OpenAPI document shows', async () => {
    const operations = await loadOperations(t.app);
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { parameters?: { name: string }[] }>> }>();
    const withKey = operations.filter((operation) => (docs.paths[operation.path]![operation.method.toLowerCase()]!.parameters ?? []).some((parameter) => parameter.name.toLowerCase() === 'idempotency-key'));
    // Transfers, paying a request, bank and card deposits, the PayPal capture.
    expect(withKey.length).toBeGreaterThanOrEqual(5);
    // Approved by the PIN or a passkey (decision 0045): both in the body, one of them required.
    const approvalOf = (operation: (typeof operations)[number]) => Object.keys((operation.bodySchema?.properties as object | undefined) ?? {}).filter((name) => name === 'pin' || name === 'passkey');
    const asksForPin = withKey.filter((operation) => approvalOf(operation).length === 2).map((operation) => operation.key);
    expect(asksForPin.sort()).toEqual(['POST /api/v1/money-requests/{id}/pay', 'POST /api/v1/transfers']);
    // The rest add money to the wallet: approved by the bank, card or PayPal (decision 0042).
    expect(withKey.filter((operation) => !asksForPin.includes(operation.key)).every((operation) => operation.path.startsWith('/api/v1/deposits/'))).toBe(true);
  });

  it('moves nothing on a wrong PIN, says how many tries are left, and keeps the key for the right one', async () => {
    const [alice, bob] = [await signUp(t.app), await signUp(t.app)];
    const before = await balanceOf(t.app, alice.token);

    const wrong = await send(alice, bob, '13579', 'pay-bob');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatchObject({ code: 'wrong_payment_pin', fields: { pin: 'This PIN is not right. 2 tries are left before payments are blocked.' } });
    expect(await balanceOf(t.app, alice.token)).toBe(before);
    expect((await status(alice)).triesLeft).toBe(2);

    const right = await send(alice, bob, TEST_PIN, 'pay-bob');
    expect(right.statusCode).toBe(201);
    expect(await balanceOf(t.app, alice.token)).toBe(before - 100);
    // A right PIN starts the count again.
    expect((await status(alice)).triesLeft).toBe(3);
    expect(await pinEvents(alice)).toEqual(['payment_pin_set', 'payment_pin_wrong']);
  });

  it('checks the PIN on every retry of a key, and keeps nothing of it with the key', async () => {
    const [alice, bob] = [await signUp(t.app), await signUp(t.app)];
    const first = await send(alice, bob, TEST_PIN, 'retry-me');
    expect(first.statusCode).toBe(201);

    // A replay with a wrong PIN is refused and counted: the stored answer is not a way around the PIN.
    const replayWrong = await send(alice, bob, '97531', 'retry-me');
    expect(replayWrong.statusCode).toBe(422);
    expect(replayWrong.json().error.code).toBe('wrong_payment_pin');
    expect((await status(alice)).triesLeft).toBe(2);

    const replayRight = await send(alice, bob, TEST_PIN, 'retry-me');
    expect(replayRight.statusCode).toBe(201);
    expect(replayRight.json()).toEqual(first.json());
    expect(await transferCount(alice)).toBe(1);

    // The stored record: the answer and a fingerprint of the request without the PIN. After a
    // change of PIN, the same request under the same key is still the same request.
    const stored = await t.db.kysely.selectFrom('idempotency_keys').selectAll().where('idem_key', '=', 'retry-me').executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(TEST_PIN);
    expect((await changePin(alice, TEST_PIN, '36925')).statusCode).toBe(200);
    const afterChange = await send(alice, bob, '36925', 'retry-me');
    expect(afterChange.statusCode).toBe(201);
    expect(afterChange.json()).toEqual(first.json());
    expect(await transferCount(alice)).toBe(1);
  });

  it('blocks payments, not sign-in, after 3 wrong PINs in a row: an hour, then a day; the owner is told and mailed', async () => {
    let [alice, bob] = [await signUp(t.app), await signUp(t.app)];
    const third = await blockPayments(alice, bob);
    expect(third.json().error.code).toBe('payment_pin_blocked');
    expect(third.headers['retry-after']).toBe(String(PAYMENT_PIN_FIRST_BLOCK_SECONDS));
    const mail = await mailer.waitFor(alice.email);
    expect(mail.subject).toBe('Payments from your Poisha wallet are blocked after wrong PINs');
    expect(mail.text).toContain('blocked for 1 hour');

    // Even the right PIN is not compared during the block.
    const during = await send(alice, bob, TEST_PIN);
    expect(during.statusCode).toBe(403);
    expect(during.json().error.code).toBe('payment_pin_blocked');
    expect((await status(alice)).blockedUntil).toBe(new Date(t.clock() + HOUR_MS).toISOString());
    const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: alice.email, password: alice.password } });
    expect(signIn.statusCode).toBe(200);
    // Receiving money goes on too.
    expect((await send(bob, alice, TEST_PIN)).statusCode).toBe(201);

    t.clock.advance(HOUR_MS);
    [alice, bob] = [await laterSignedIn(alice), await laterSignedIn(bob)];
    expect((await send(alice, bob, TEST_PIN)).statusCode).toBe(201);
    const second = await blockPayments(alice, bob);
    expect(second.headers['retry-after']).toBe(String(PAYMENT_PIN_LATER_BLOCK_SECONDS));
    t.clock.advance(HOUR_MS);
    [alice, bob] = [await laterSignedIn(alice), await laterSignedIn(bob)];
    expect((await send(alice, bob, TEST_PIN)).statusCode).toBe(403);
    t.clock.advance(23 * HOUR_MS);
    [alice, bob] = [await laterSignedIn(alice), await laterSignedIn(bob)];
    expect((await send(alice, bob, TEST_PIN)).statusCode).toBe(201);
    expect(mailer.sent.filter((sent) => sent.to === alice.email && sent.subject.includes('blocked'))).toHaveLength(2);
    expect((await pinEvents(alice)).filter((event) => event === 'payment_pin_blocked')).toHaveLength(2);
  });

  it('checks at most 3 of 20 wrong PINs sent at once, and moves nothing', async () => {
    const [alice, bob] = [await signUp(t.app), await signUp(t.app)];
    const before = await balanceOf(t.app, alice.token);
    const guesses = Array.from({ length: 20 }, (_, index) => String(50_000 + index * 7).padStart(5, '0'));
    const answers = await Promise.all(guesses.map((pin) => send(alice, bob, pin)));
    const codes = answers.map((answer) => answer.json().error.code as string);
    expect(codes.filter((code) => code === 'wrong_payment_pin')).toHaveLength(2);
    expect(codes.filter((code) => code === 'payment_pin_blocked')).toHaveLength(18);
    expect(await pinEvents(alice)).toEqual(['payment_pin_set', 'payment_pin_wrong', 'payment_pin_wrong', 'payment_pin_blocked']);
    expect(await balanceOf(t.app, alice.token)).toBe(before);
    expect((await status(alice)).blockedUntil).not.toBeNull();
  });

  it('guards paying a request the same way', async () => {
    const [asker, payer] = [await signUp(t.app), await signUp(t.app)];
    const asked = await t.app.inject({ method: 'POST', url: '/api/v1/money-requests', headers: bearer(asker.token), payload: { from: payer.phone, amount: 700, note: 'rent' } });
    const url = `/api/v1/money-requests/${asked.json().id}/pay`;
    const wrong = await t.app.inject({ method: 'POST', url, headers: moneyHeaders(payer.token, 'pay-rent'), payload: { pin: '86421' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('wrong_payment_pin');
    expect((await t.app.inject({ method: 'POST', url, headers: moneyHeaders(payer.token, 'pay-rent') })).statusCode).toBe(400);
    const paid = await t.app.inject({ method: 'POST', url, headers: moneyHeaders(payer.token, 'pay-rent'), payload: { pin: TEST_PIN } });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().request.status).toBe('paid');
  });

  it('never writes a PIN into the logs', async () => {
    const [alice, bob] = [await signUp(t.app), await signUp(t.app)];
    expect((await changePin(alice, TEST_PIN, '71593')).statusCode).toBe(200);
    await send(alice, bob, '71593');
    await send(alice, bob, '39517');
    for (const pin of ['71593', '39517']) expect(digitsLogged(t.logs.join(''), pin)).toBe(false);
  });
});

describe('changing the PIN', () => {
  it('needs the PIN in use, which counts towards the block like one at a payment', async () => {
    const [alice, bob] = [await signUp(t.app), await signUp(t.app)];
    const wrong = await changePin(alice, '13579', '97531');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatchObject({ code: 'wrong_payment_pin', fields: { currentPin: 'This PIN is not right. 2 tries are left before payments are blocked.' } });
    expect((await send(alice, bob, '13570')).statusCode).toBe(422);
    const third = await changePin(alice, '13571', '97531');
    expect(third.statusCode).toBe(403);
    expect(third.json().error.code).toBe('payment_pin_blocked');
    // Blocked: not even the right PIN changes it.
    expect((await changePin(alice, TEST_PIN, '97531')).statusCode).toBe(403);
  });

  it('refuses the same PIN and an easy one, then replaces it: the old one no longer pays', async () => {
    const [alice, bob] = [await signUp(t.app), await signUp(t.app)];
    expect((await changePin(alice, TEST_PIN, TEST_PIN)).json().error).toMatchObject({ code: 'validation_failed', fields: { newPin: 'Choose a PIN different from the one you have' } });
    expect((await changePin(alice, TEST_PIN, '33333')).json().error.fields).toEqual({ newPin: 'Choose a PIN that is not one digit five times' });
    expect((await changePin(alice, TEST_PIN, '58203')).statusCode).toBe(200);
    expect((await send(alice, bob, TEST_PIN)).statusCode).toBe(422);
    expect((await send(alice, bob, '58203')).statusCode).toBe(201);
    expect(await pinEvents(alice)).toEqual(['payment_pin_set', 'payment_pin_changed', 'payment_pin_wrong']);
  });

  it('serialises a payment with the PIN racing a change of PIN: it pays with the old one or is refused, never both', async () => {
    const [alice, bob] = [await signUp(t.app), await signUp(t.app)];
    let pin = TEST_PIN;
    let paid = 0;
    for (const next of ['40517', '62839', '40517', '62839', '40517']) {
      const [payment, change] = await Promise.all([send(alice, bob, pin), changePin(alice, pin, next)]);
      expect(change.statusCode).toBe(200);
      expect([201, 422]).toContain(payment.statusCode);
      if (payment.statusCode === 201) paid += 1;
      else expect(payment.json().error.code).toBe('wrong_payment_pin');
      pin = next;
      // A wrong PIN from the race is cleared by the next right one, so the test never blocks.
      expect((await send(alice, bob, pin)).statusCode).toBe(201);
      paid += 1;
    }
    expect(await transferCount(alice)).toBe(paid);
    expect(await balanceOf(t.app, alice.token)).toBe(alice.user.balance.amount - paid * 100);
  });
});

describe('resetting a forgotten or blocked PIN', () => {
  it('takes the password and a code sent by SMS, lifts a block, and a code works once', async () => {
    const [alice, bob] = [await signUp(t.app), await signUp(t.app)];
    await blockPayments(alice, bob);

    const sent = await askResetCode(alice);
    expect(sent.statusCode).toBe(202);
    expect(sent.json().phone).toBe(alice.phone);
    const sms = sentSms(t.app).findLast((message) => message.to === alice.phone)!;
    expect(sms.text).toMatch(/^Poisha PIN reset code: \d{6}\./);
    const code = latestCodeTo(t.app, alice.phone);

    const wrongPassword = await resetPin(alice, { currentPassword: 'not my password', code, newPin: '61728' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields).toHaveProperty('currentPassword');
    const wrongCode = await resetPin(alice, { currentPassword: alice.password, code: code === '000000' ? '111111' : '000000', newPin: '61728' });
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json().error.code).toBe('invalid_phone_code');
    const weak = await resetPin(alice, { currentPassword: alice.password, code, newPin: '55555' });
    expect(weak.statusCode).toBe(400);

    const reset = await resetPin(alice, { currentPassword: alice.password, code, newPin: '61728' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ set: true, blockedUntil: null, triesLeft: 3 });
    expect((await send(alice, bob, '61728')).statusCode).toBe(201);
    // The next block is an hour again: the count of blocks starts with the new PIN.
    expect((await blockPayments(alice, bob)).headers['retry-after']).toBe(String(PAYMENT_PIN_FIRST_BLOCK_SECONDS));

    const reused = await resetPin(alice, { currentPassword: alice.password, code, newPin: '72839' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('phone_code_expired');
    expect((await pinEvents(alice)).filter((event) => event === 'payment_pin_reset')).toHaveLength(1);
  });

  it('sends reset codes within the limits of every SMS code', async () => {
    const user = await signUp(t.app);
    expect((await askResetCode(user)).statusCode).toBe(202);
    const again = await askResetCode(user);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
  });
});
