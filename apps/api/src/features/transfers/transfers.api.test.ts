import { describe, expect, it } from 'vitest';
import { balanceOf, bearer, moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const t = await testAppForFile();

/** A transfer approved by the sender's PIN (TEST_PIN, unless the body says otherwise). */
const send = (from: SignedUp, body: Record<string, unknown>, key?: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token, key), payload: { pin: TEST_PIN, ...body } });

const transferCount = async () =>
  Number((await t.db.kysely.selectFrom('transfers').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'transfer').executeTakeFirstOrThrow()).n);

describe('the welcome bonus', () => {
  it('puts 1000 USD in every new wallet through a ledger transfer', async () => {
    const user = await signUp(t.app);
    expect(user.user.balance).toEqual({ amount: 100_000, currency: 'USD' });
    const statement = (await t.app.inject({ method: 'GET', url: '/api/v1/statement?type=received', headers: bearer(user.token) })).json();
    expect(statement.items).toEqual([
      expect.objectContaining({ type: 'welcome_bonus', direction: 'in', amount: { amount: 100_000, currency: 'USD' }, counterparty: { name: 'Poisha welcome bonus', phone: null } }),
    ]);
  });
});

describe('POST /api/v1/transfers', () => {
  it('sends dollars and cents with a free-text Bangla reference (issue 24, defect 14)', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const response = await send(alice, { to: bob.phone, amount: 7_550, reference: ' নভেম্বরের  ভাড়া #3 ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ amount: { amount: 7_550, currency: 'USD' }, reference: 'নভেম্বরের ভাড়া #3' });
    const received = (await t.app.inject({ method: 'GET', url: '/api/v1/statement?type=received', headers: bearer(bob.token) })).json();
    expect(received.items[0]).toMatchObject({ amount: { amount: 7_550 }, reference: 'নভেম্বরের ভাড়া #3' });
    expect(await balanceOf(t.app, bob.token)).toBe(100_000 + 7_550);
  });

  it('moves the amount between the two wallets and shows it on both statements', async () => {
    const alice = await signUp(t.app, { name: 'Alice Akter' });
    const bob = await signUp(t.app, { name: 'Bob Biswas' });
    const response = await send(alice, { to: bob.phone, amount: 12_345, reference: '42' });

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      amount: { amount: 12_345, currency: 'USD' },
      to: { name: 'Bob Biswas', phone: bob.phone },
      reference: '42',
      balanceAfter: { amount: 100_000 - 12_345, currency: 'USD' },
    });
    expect(await balanceOf(t.app, alice.token)).toBe(100_000 - 12_345);
    expect(await balanceOf(t.app, bob.token)).toBe(100_000 + 12_345);

    const sent = (await t.app.inject({ method: 'GET', url: '/api/v1/statement?type=sent', headers: bearer(alice.token) })).json();
    expect(sent.items[0]).toMatchObject({ transferId: body.id, type: 'transfer', direction: 'out', amount: { amount: -12_345 }, counterparty: { name: 'Bob Biswas', phone: bob.phone }, reference: '42', balanceAfter: { amount: 87_655 } });
    const received = (await t.app.inject({ method: 'GET', url: '/api/v1/statement?type=received', headers: bearer(bob.token) })).json();
    expect(received.items[0]).toMatchObject({ transferId: body.id, direction: 'in', amount: { amount: 12_345 }, counterparty: { name: 'Alice Akter', phone: alice.phone }, balanceAfter: { amount: 112_345 } });
  });

  it('accepts the national form of the number', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const national = `0${bob.phone.slice(4)}`;
    expect((await send(alice, { to: national, amount: 100, reference: '1' })).statusCode).toBe(201);
  });

  it.each([
    ['an unknown number', (_a: SignedUp) => '+8801999999999', 'unknown_recipient'],
    ['the sender’s own number', (a: SignedUp) => a.phone, 'self_transfer'],
  ])('refuses %s with 422 and moves nothing', async (_label, target, code) => {
    const alice = await signUp(t.app);
    const before = await transferCount();
    const response = await send(alice, { to: target(alice), amount: 100, reference: '1' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe(code);
    expect(await transferCount()).toBe(before);
    expect(await balanceOf(t.app, alice.token)).toBe(100_000);
  });

  it('refuses more than the balance, to the cent', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const tooMuch = await send(alice, { to: bob.phone, amount: 100_001, reference: '1' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toEqual({ error: { code: 'insufficient_funds', message: 'Your balance is too low for this amount' } });
    expect(await balanceOf(t.app, alice.token)).toBe(100_000);
    const everything = await send(alice, { to: bob.phone, amount: 100_000, reference: '1' });
    expect(everything.statusCode).toBe(201);
    expect(everything.json().balanceAfter.amount).toBe(0);
  });

  it.each([
    ['zero', 0],
    ['a negative amount', -500],
    ['a fraction of a cent', 10.5],
    ['a string', '100'],
    ['2^53', 2 ** 53],
    ['a huge number', 1e21],
    ['more than the movement limit', 1_000_000_001],
    ['null', null],
    ['a boolean', true],
    ['an object', { amount: 1 }],
  ])('rejects %s as the amount with 400 and moves nothing', async (_label, amount) => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const before = await transferCount();
    const response = await send(alice, { to: bob.phone, amount, reference: '1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_failed', fields: { amount: expect.any(String) } });
    expect(await transferCount()).toBe(before);
  });

  it.each([
    ['a missing reference', { reference: undefined }, 'reference', 'Reference is required'],
    ['a reference of 51 characters', { reference: 'r'.repeat(51) }, 'reference', 'Reference must be at most 50 characters'],
    ['a reference of spaces', { reference: '   ' }, 'reference', 'Reference is required'],
    ['a reference turned around by U+202E', { reference: 'rent \u202e01' }, 'reference', 'Remove the invisible or direction-changing characters'],
    ['a missing number', { to: undefined }, 'to', 'Phone Number is required'],
    ['a malformed number', { to: '12' }, 'to', 'Enter a valid phone number'],
  ])('rejects %s', async (_label, patch, field, message) => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const response = await send(alice, { to: bob.phone, amount: 100, reference: '1', ...patch });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it('needs an idempotency key of at most 255 characters', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: bearer(alice.token), payload: { pin: TEST_PIN, to: bob.phone, amount: 100, reference: '1' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('idempotency_key_required');
    const long = await send(alice, { to: bob.phone, amount: 100, reference: '1' }, 'k'.repeat(256));
    expect(long.statusCode).toBe(400);
    expect(await balanceOf(t.app, alice.token)).toBe(100_000);
  });

  it('needs a signed-in user and, with a cookie, the CSRF token', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: { 'idempotency-key': 'k1' }, payload: { pin: TEST_PIN, to: bob.phone, amount: 100, reference: '1' } });
    expect(anonymous.statusCode).toBe(401);
    const forged = await alice.browser.request({ method: 'POST', url: '/api/v1/transfers', withCsrf: false, headers: { 'idempotency-key': 'k2' }, payload: { pin: TEST_PIN, to: bob.phone, amount: 100, reference: '1' } });
    expect(forged.statusCode).toBe(403);
    const real = await alice.browser.request({ method: 'POST', url: '/api/v1/transfers', headers: { 'idempotency-key': 'k3' }, payload: { pin: TEST_PIN, to: bob.phone, amount: 100, reference: '1' } });
    expect(real.statusCode).toBe(201);
  });
});

describe('idempotency', () => {
  it('moves money once for 20 simultaneous copies of one request, and answers each the same', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const before = await transferCount();
    const responses = await Promise.all(Array.from({ length: 20 }, () => send(alice, { to: bob.phone, amount: 2_500, reference: '7' }, 'same-key')));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect(await transferCount()).toBe(before + 1);
    expect(await balanceOf(t.app, alice.token)).toBe(100_000 - 2_500);
    expect(await balanceOf(t.app, bob.token)).toBe(100_000 + 2_500);
  });

  it('refuses the same key with a different body with 422 idempotency_key_reused', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    expect((await send(alice, { to: bob.phone, amount: 100, reference: '1' }, 'key-a')).statusCode).toBe(201);
    const reused = await send(alice, { to: bob.phone, amount: 200, reference: '1' }, 'key-a');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('idempotency_key_reused');
    expect(await balanceOf(t.app, alice.token)).toBe(100_000 - 100);
  });

  it('keeps a refusal: a retry after topping up is still refused, a new key is not', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const first = await send(alice, { to: bob.phone, amount: 150_000, reference: '1' }, 'big');
    expect(first.statusCode).toBe(422);
    await send(bob, { to: alice.phone, amount: 60_000, reference: '1' });
    const retry = await send(alice, { to: bob.phone, amount: 150_000, reference: '1' }, 'big');
    expect(retry.statusCode).toBe(422);
    expect(retry.body).toBe(first.body);
    expect((await send(alice, { to: bob.phone, amount: 150_000, reference: '1' }, 'big-2')).statusCode).toBe(201);
  });

  it('scopes keys to the user', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    expect((await send(alice, { to: bob.phone, amount: 100, reference: '1' }, 'shared')).statusCode).toBe(201);
    expect((await send(bob, { to: alice.phone, amount: 300, reference: '1' }, 'shared')).statusCode).toBe(201);
    expect(await balanceOf(t.app, alice.token)).toBe(100_000 - 100 + 300);
  });
});

describe('GET /api/v1/recipients', () => {
  it('names the owner of a number, masked, and refuses unknown and own numbers (issue 10, defect 7)', async () => {
    const alice = await signUp(t.app, { name: 'Alice Akter' });
    const bob = await signUp(t.app, { name: 'Bob Biswas' });
    const lookup = (phone: string) => t.app.inject({ method: 'GET', url: `/api/v1/recipients?phone=${encodeURIComponent(phone)}`, headers: bearer(alice.token) });
    const found = await lookup(bob.phone);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ name: 'Bob B.', phone: bob.phone, paidBefore: false });
    expect((await lookup('+8801999999998')).statusCode).toBe(404);
    expect((await lookup(alice.phone)).json().error.code).toBe('self_transfer');
    expect((await lookup('not a phone')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/recipients?phone=${encodeURIComponent(bob.phone)}` })).statusCode).toBe(401);
  });

  it('gives the full name only in the answer to the transfer itself (issue 10, defect 7)', async () => {
    const alice = await signUp(t.app);
    const farhana = await signUp(t.app, { name: 'Farhana Akter Chowdhury' });
    const found = await t.app.inject({ method: 'GET', url: `/api/v1/recipients?phone=${encodeURIComponent(farhana.phone)}`, headers: bearer(alice.token) });
    expect(found.json().name).toBe('Farhana A. C.');
    const sent = await send(alice, { to: farhana.phone, amount: 100, reference: '1' });
    expect(sent.json().to).toEqual({ name: 'Farhana Akter Chowdhury', phone: farhana.phone });
  });

  it('allows 30 lookups an hour per user, then 429, whatever the number (issue 10, defect 7)', async () => {
    const alice = await signUp(t.app);
    const other = await signUp(t.app);
    const statuses = [];
    for (let index = 0; index < 31; index += 1) {
      const phone = `+88019${String(index).padStart(8, '0')}`;
      statuses.push((await t.app.inject({ method: 'GET', url: `/api/v1/recipients?phone=${encodeURIComponent(phone)}`, headers: bearer(alice.token) })).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    const lookupByOther = await t.app.inject({ method: 'GET', url: `/api/v1/recipients?phone=${encodeURIComponent(alice.phone)}`, headers: bearer(other.token) });
    expect(lookupByOther.statusCode).toBe(200);
    t.clock.advance(60 * 60 * 1000);
    const relogin = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: alice.email, password: alice.password } });
    const again = await t.app.inject({ method: 'GET', url: `/api/v1/recipients?phone=${encodeURIComponent(other.phone)}`, headers: bearer(relogin.json().token) });
    expect(again.statusCode).toBe(200);
  });
});

describe('masked names', () => {
  it('keep the first name and the initials of the others', async () => {
    const { maskedName } = await import('@poisha/contracts');
    expect(maskedName('Farhana Akter')).toBe('Farhana A.');
    expect(maskedName('  nadia   islam khan ')).toBe('nadia I. K.');
    expect(maskedName('Rahim')).toBe('Rahim');
    expect(maskedName('রহিম উদ্দিন')).toBe('রহিম উ.');
  });
});

describe('the first payment to a number', () => {
  it('is flagged by the lookup until the sender has paid that wallet once', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const lookup = (from: SignedUp, phone: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/recipients?phone=${encodeURIComponent(phone)}`, headers: bearer(from.token) });
    expect((await lookup(alice, bob.phone)).json().paidBefore).toBe(false);
    expect((await send(alice, { to: bob.phone, amount: 100, reference: '1' })).statusCode).toBe(201);
    expect((await lookup(alice, bob.phone)).json().paidBefore).toBe(true);
    // Receiving money from someone is not paying them.
    expect((await lookup(bob, alice.phone)).json().paidBefore).toBe(false);
  });
});
