import { describe, expect, it } from 'vitest';
import { balanceOf, bearer, moneyHeaders, signUp, type SignedUp } from '../../test/http-client.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const t = await testAppForFile();

const bankForm = (user: SignedUp, patch: Record<string, unknown> = {}) => ({
  accountHolder: user.user.name,
  accountHolderNumber: '01712345678',
  bankId: 'brac-bank',
  bankAccountNumber: '123456785678',
  amount: 50_000,
  reference: '2026',
  ...patch,
});

const post = (user: SignedUp, url: string, payload?: Record<string, unknown>, key?: string) =>
  t.app.inject({ method: 'POST', url, headers: moneyHeaders(user.token, key), ...(payload === undefined ? {} : { payload }) });

describe('POST /api/v1/deposits/bank', () => {
  it('credits the wallet in one call and shows the bank on the statement', async () => {
    const user = await signUp(t.app);
    const response = await post(user, '/api/v1/deposits/bank', bankForm(user));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ method: 'bank', status: 'succeeded', amount: { amount: 50_000, currency: 'USD' }, balanceAfter: { amount: 150_000 } });
    expect(await balanceOf(t.app, user.token)).toBe(150_000);
    const statement = (await t.app.inject({ method: 'GET', url: '/api/v1/statement?type=received', headers: bearer(user.token) })).json();
    expect(statement.items[0]).toMatchObject({ type: 'bank_deposit', amount: { amount: 50_000 }, counterparty: { name: 'BRAC Bank •••• 5678', phone: null }, reference: '2026' });
  });

  it.each([
    ['499 USD', { amount: 49_900 }, 'amount', 'Minimum Transaction Amount 500'],
    ['50001 USD', { amount: 5_000_100 }, 'amount', 'Maximum Transaction Amount 50000'],
    ['a 10-digit holder number', { accountHolderNumber: '0171234567' }, 'accountHolderNumber', 'Please Type Minimum 11 Digit Account Number'],
    ['a 12-digit holder number', { accountHolderNumber: '017123456789' }, 'accountHolderNumber', 'Please Type Maximum 11 Digit Account Number'],
    ['an 11-digit bank account', { bankAccountNumber: '12345678901' }, 'bankAccountNumber', 'Please Type Minimum 12 Digit Account Number'],
    ['a 15-digit bank account', { bankAccountNumber: '123456789012345' }, 'bankAccountNumber', 'Please Type Maximum 14 Digit Account Number'],
    ['letters in the bank account', { bankAccountNumber: '12345678901a' }, 'bankAccountNumber', 'Only Number is allowed'],
    ['no reference', { reference: '' }, 'reference', 'Reference is required'],
    ['an unknown bank', { bankId: 'no-such-bank' }, 'bankId', 'Please choose a bank'],
    ['no holder name', { accountHolder: '' }, 'accountHolder', 'Name is Required'],
  ])('refuses %s and credits nothing', async (_label, patch, field, message) => {
    const user = await signUp(t.app);
    const response = await post(user, '/api/v1/deposits/bank', bankForm(user, patch));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect(await balanceOf(t.app, user.token)).toBe(100_000);
  });

  it('reads digits typed on a Bangla keyboard as the same digits, and keeps the free-text reference as typed', async () => {
    const user = await signUp(t.app);
    const response = await post(user, '/api/v1/deposits/bank', bankForm(user, { accountHolderNumber: '০১৭১২৩৪৫৬৭৮', bankAccountNumber: '১২৩৪৫৬৭৮৫৬৭৮', reference: '২০২৬' }));
    expect(response.statusCode).toBe(201);
    const statement = (await t.app.inject({ method: 'GET', url: '/api/v1/statement?type=received', headers: bearer(user.token) })).json();
    expect(statement.items[0]).toMatchObject({ reference: '২০২৬', counterparty: { name: 'BRAC Bank •••• 5678' } });
  });

  it('credits once when the same deposit is retried with its key', async () => {
    const user = await signUp(t.app);
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(user, '/api/v1/deposits/bank', bankForm(user), 'deposit-1')));
    expect(new Set(responses.map((response) => `${response.statusCode} ${response.body}`)).size).toBe(1);
    expect(await balanceOf(t.app, user.token)).toBe(150_000);
  });
});

describe('card deposits through the sandbox provider', () => {
  const tokenize = (user: SignedUp, card: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/card-sandbox/payment-methods', headers: bearer(user.token), payload: { expMonth: 12, expYear: 2030, cvc: '123', ...card } });

  it('credits the wallet for a good card, keeping only a token and the last four digits', async () => {
    const user = await signUp(t.app);
    const method = await tokenize(user, { number: '4242 4242 4242 4242' });
    expect(method.statusCode).toBe(201);
    expect(method.json()).toMatchObject({ id: expect.stringMatching(/^pm_sandbox_/), brand: 'Visa', last4: '4242' });

    const deposit = await post(user, '/api/v1/deposits/card', { amount: 2_500, email: user.email, phone: user.phone, paymentMethod: method.json().id });
    expect(deposit.statusCode).toBe(201);
    expect(deposit.json()).toMatchObject({ method: 'card', status: 'succeeded', amount: { amount: 2_500 } });
    expect(await balanceOf(t.app, user.token)).toBe(102_500);
    const statement = (await t.app.inject({ method: 'GET', url: '/api/v1/statement', headers: bearer(user.token) })).json();
    expect(statement.items[0].counterparty.name).toBe('Visa •••• 4242');

    const everything = JSON.stringify(await t.db.kysely.selectFrom('sandbox_card_payment_methods').selectAll().execute()) + t.logs.join('');
    expect(everything).not.toContain('4242424242424242');
    expect(everything).not.toContain('4242 4242 4242 4242');
  });

  it('declines the test card 4000 0000 0000 0002 and moves no money', async () => {
    const user = await signUp(t.app);
    const method = await tokenize(user, { number: '4000000000000002' });
    expect(method.statusCode).toBe(201);
    const deposit = await post(user, '/api/v1/deposits/card', { amount: 2_500, email: user.email, phone: user.phone, paymentMethod: method.json().id });
    expect(deposit.statusCode).toBe(422);
    expect(deposit.json().error).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    expect(await balanceOf(t.app, user.token)).toBe(100_000);
    const deposits = await t.db.kysely.selectFrom('deposits').selectAll().where('user_id', '=', user.user.id).execute();
    expect(deposits).toHaveLength(0);
  });

  it.each([
    ['a number failing the Luhn check', { number: '4242424242424241' }, 'number', 'Your card number is invalid.'],
    ['an expired card', { number: '4242424242424242', expMonth: 1, expYear: 2020 }, 'expMonth', 'Your card has expired.'],
    ['a two-digit security code', { number: '4242424242424242', cvc: '12' }, 'cvc', "Your card's security code is invalid."],
    ['a 13th month', { number: '4242424242424242', expMonth: 13 }, 'expMonth', "Your card's expiration date is invalid."],
    ['letters in the number', { number: '4242x' }, 'number', 'Your card number is invalid.'],
  ])('refuses %s before any charge', async (_label, card, field, message) => {
    const user = await signUp(t.app);
    const response = await tokenize(user, card);
    expect([400, 422]).toContain(response.statusCode);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it("does not charge another user's payment method", async () => {
    const owner = await signUp(t.app);
    const thief = await signUp(t.app);
    const method = (await tokenize(owner, { number: '4242424242424242' })).json();
    const deposit = await post(thief, '/api/v1/deposits/card', { amount: 2_500, email: thief.email, phone: thief.phone, paymentMethod: method.id });
    expect(deposit.statusCode).toBe(422);
    expect(await balanceOf(t.app, thief.token)).toBe(100_000);
  });
});

describe('limits of the sandbox providers', () => {
  const USD = 100;
  const cardMethod = async (user: SignedUp) =>
    (await t.app.inject({ method: 'POST', url: '/api/v1/card-sandbox/payment-methods', headers: bearer(user.token), payload: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } })).json<{ id: string }>().id;
  const cardDeposit = (user: SignedUp, paymentMethod: string, amount: number) => post(user, '/api/v1/deposits/card', { amount, email: user.email, phone: user.phone, paymentMethod });

  it('refuse a card deposit over 5,000 USD with 422 deposit_limit_exceeded, charging nothing', async () => {
    const user = await signUp(t.app);
    const method = await cardMethod(user);
    for (const amount of [5_000 * USD + 1, 10_000_000 * USD]) {
      const response = await cardDeposit(user, method, amount);
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toEqual({ code: 'deposit_limit_exceeded', message: 'Card deposits are limited to 5000.00 USD each' });
    }
    expect(await balanceOf(t.app, user.token)).toBe(1_000 * USD);
    expect((await cardDeposit(user, method, 5_000 * USD)).statusCode).toBe(201);
  });

  it('refuse card deposits over 10,000 USD in 24 hours, and take them again a day later', async () => {
    const user = await signUp(t.app);
    const method = await cardMethod(user);
    expect((await cardDeposit(user, method, 5_000 * USD)).statusCode).toBe(201);
    expect((await cardDeposit(user, method, 4_000 * USD)).statusCode).toBe(201);
    const over = await cardDeposit(user, method, 1_000 * USD + 1);
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toEqual({ code: 'deposit_limit_exceeded', message: 'Card deposits are limited to 10000.00 USD a day: you can add up to 1000.00 USD more now' });
    expect((await cardDeposit(user, method, 1_000 * USD)).statusCode).toBe(201);
    expect(await balanceOf(t.app, user.token)).toBe(11_000 * USD);
    t.clock.advance(24 * 60 * 60 * 1000);
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: user.password } });
    expect((await cardDeposit({ ...user, token: login.json().token }, method, 5_000 * USD)).statusCode).toBe(201);
  });

  it('let simultaneous card deposits add up to the daily limit and not a cent more', async () => {
    const user = await signUp(t.app);
    const method = await cardMethod(user);
    const responses = await Promise.all(Array.from({ length: 4 }, () => cardDeposit(user, method, 5_000 * USD)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 422, 422]);
    expect(await balanceOf(t.app, user.token)).toBe(11_000 * USD);
  });

  it('refuse bank deposits over 100,000 USD in 24 hours', async () => {
    const user = await signUp(t.app);
    expect((await post(user, '/api/v1/deposits/bank', bankForm(user, { amount: 50_000 * USD }))).statusCode).toBe(201);
    expect((await post(user, '/api/v1/deposits/bank', bankForm(user, { amount: 50_000 * USD }))).statusCode).toBe(201);
    const over = await post(user, '/api/v1/deposits/bank', bankForm(user, { amount: 500 * USD }));
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toEqual({ code: 'deposit_limit_exceeded', message: 'Bank deposits are limited to 100000.00 USD a day: you can add up to 0.00 USD more now' });
    expect(await balanceOf(t.app, user.token)).toBe(101_000 * USD);
  });
});

describe('PayPal top-ups through the sandbox', () => {
  const createOrder = async (user: SignedUp) => (await post(user, '/api/v1/deposits/paypal/orders')).json();

  it('credits 2 USD exactly once, however often and however fast the order is approved', async () => {
    const user = await signUp(t.app);
    const order = await createOrder(user);
    expect(order).toMatchObject({ status: 'created', amount: { amount: 200, currency: 'USD' }, transferId: null });
    const captures = await Promise.all(Array.from({ length: 10 }, () => post(user, `/api/v1/deposits/paypal/orders/${order.id}/capture`)));
    expect(captures.every((response) => response.statusCode === 200)).toBe(true);
    expect(new Set(captures.map((response) => response.json().transferId)).size).toBe(1);
    expect(await balanceOf(t.app, user.token)).toBe(100_200);
    const again = await post(user, `/api/v1/deposits/paypal/orders/${order.id}/capture`);
    expect(again.json().status).toBe('captured');
    expect(await balanceOf(t.app, user.token)).toBe(100_200);
  });

  it('moves nothing for a cancelled order, and cannot cancel a paid one', async () => {
    const user = await signUp(t.app);
    const order = await createOrder(user);
    const cancelled = await post(user, `/api/v1/deposits/paypal/orders/${order.id}/cancel`);
    expect(cancelled.json().status).toBe('cancelled');
    const capture = await post(user, `/api/v1/deposits/paypal/orders/${order.id}/capture`);
    expect(capture.statusCode).toBe(422);
    expect(capture.json().error.code).toBe('order_not_payable');
    expect(await balanceOf(t.app, user.token)).toBe(100_000);

    const paid = await createOrder(user);
    await post(user, `/api/v1/deposits/paypal/orders/${paid.id}/capture`);
    expect((await post(user, `/api/v1/deposits/paypal/orders/${paid.id}/cancel`)).statusCode).toBe(422);
  });

  it("answers 404 for another user's order and for unknown ones", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const order = await createOrder(owner);
    expect((await post(other, `/api/v1/deposits/paypal/orders/${order.id}/capture`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/deposits/paypal/orders/${order.id}`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await post(other, '/api/v1/deposits/paypal/orders/nope/capture')).statusCode).toBe(404);
    expect(await balanceOf(t.app, owner.token)).toBe(100_000);
  });
});
