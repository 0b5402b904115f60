import { REQUEST_LIFETIME_MS } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import { balanceOf, bearer, moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const t = await testAppForFile();

const ask = (requester: SignedUp, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/money-requests', headers: bearer(requester.token), payload: body });
const pay = (payer: SignedUp, id: string, key?: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/money-requests/${id}/pay`, headers: moneyHeaders(payer.token, key), payload: { pin: TEST_PIN } });
const act = (user: SignedUp, id: string, action: 'decline' | 'cancel') =>
  t.app.inject({ method: 'POST', url: `/api/v1/money-requests/${id}/${action}`, headers: bearer(user.token) });
const list = (user: SignedUp, direction: 'received' | 'sent') =>
  t.app.inject({ method: 'GET', url: `/api/v1/money-requests?direction=${direction}`, headers: bearer(user.token) });
const notificationsOf = async (user: SignedUp) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/notifications?pageSize=20', headers: bearer(user.token) })).json().items as { kind: string; amount: { amount: number }; counterparty: { name: string } }[];
const transfersFor = async (requestId: string) => {
  const row = await t.db.kysely.selectFrom('money_requests').select(['status', 'transfer_id']).where('id', '=', requestId).executeTakeFirstOrThrow();
  return row;
};
const transferCount = async () =>
  Number((await t.db.kysely.selectFrom('transfers').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'transfer').executeTakeFirstOrThrow()).n);

/** Sessions end after 10 idle minutes: after the clock jumps days ahead, sign in again. */
async function signInAgain(user: SignedUp): Promise<SignedUp> {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: user.password } });
  expect(response.statusCode).toBe(200);
  return { ...user, token: response.json().token };
}

async function pair() {
  const alice = await signUp(t.app, { name: 'Alice Akter' });
  const bob = await signUp(t.app, { name: 'Bob Biswas' });
  return { alice, bob };
}

/** Alice asks Bob for `amount` cents. */
async function aliceAsksBob(amount = 2_500) {
  const { alice, bob } = await pair();
  const response = await ask(alice, { from: bob.phone, amount, note: 'Lunch' });
  expect(response.statusCode).toBe(201);
  return { alice, bob, request: response.json() as { id: string } };
}

describe('asking for money', () => {
  it('creates a pending request that both sides see, and tells the asked wallet', async () => {
    const { alice, bob, request } = await aliceAsksBob();
    expect(request).toMatchObject({
      direction: 'sent',
      amount: { amount: 2_500, currency: 'USD' },
      note: 'Lunch',
      status: 'pending',
      counterparty: { name: 'Bob B.', phone: bob.phone }, // masked until Bob pays (issue 10, defect 7)
      createdAt: '2026-11-21T09:00:00.000Z',
      expiresAt: '2026-11-28T09:00:00.000Z',
      resolvedAt: null,
      transferId: null,
    });
    expect((await list(alice, 'sent')).json()).toMatchObject({ total: 1, items: [{ id: request.id, direction: 'sent' }] });
    expect((await list(alice, 'received')).json().total).toBe(0);
    expect((await list(bob, 'received')).json()).toMatchObject({ total: 1, items: [{ id: request.id, direction: 'received', counterparty: { name: 'Alice Akter', phone: alice.phone } }] });
    expect(await notificationsOf(bob)).toEqual([expect.objectContaining({ kind: 'request_received', amount: { amount: 2_500, currency: 'USD' }, counterparty: { name: 'Alice Akter', phone: alice.phone } })]);
    expect(await notificationsOf(alice)).toEqual([]);
  });

  it('takes an empty note', async () => {
    const { alice, bob } = await pair();
    const response = await ask(alice, { from: bob.phone, amount: 100 });
    expect(response.statusCode).toBe(201);
    expect(response.json().note).toBe('');
  });

  it.each([
    ['an unknown number', () => '+8801999999999', 422, 'unknown_recipient'],
    ['the requester’s own number', (alice: SignedUp) => alice.phone, 422, 'self_request'],
    ['a malformed number', () => '12', 400, 'validation_failed'],
  ])('refuses %s and creates nothing', async (_label, from, status, code) => {
    const { alice } = await pair();
    const response = await ask(alice, { from: from(alice), amount: 100, note: '' });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(response.json().error.fields).toHaveProperty('from');
    expect((await list(alice, 'sent')).json().total).toBe(0);
  });

  it.each([
    ['zero', 0],
    ['a negative amount', -1],
    ['a fraction of a cent', 1.5],
    ['a string', '100'],
    ['more than the movement limit', 1_000_000_001],
  ])('refuses %s as the amount with 400', async (_label, amount) => {
    const { alice, bob } = await pair();
    const response = await ask(alice, { from: bob.phone, amount, note: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('amount');
  });

  it('refuses a note longer than 140 characters', async () => {
    const { alice, bob } = await pair();
    const response = await ask(alice, { from: bob.phone, amount: 100, note: 'x'.repeat(141) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.note).toBe('Note must be at most 140 characters');
  });
});

describe('paying a request', () => {
  it('moves the money once, marks the request paid and tells the requester', async () => {
    const { alice, bob, request } = await aliceAsksBob(2_500);
    const response = await pay(bob, request.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.request).toMatchObject({ id: request.id, status: 'paid', resolvedAt: '2026-11-21T09:00:00.000Z', transferId: expect.any(String) });
    expect(body.balanceAfter).toEqual({ amount: 97_500, currency: 'USD' });
    expect(await balanceOf(t.app, bob.token)).toBe(97_500);
    expect(await balanceOf(t.app, alice.token)).toBe(102_500);

    const statement = (await t.app.inject({ method: 'GET', url: '/api/v1/statement?type=received', headers: bearer(alice.token) })).json();
    expect(statement.items[0]).toMatchObject({ transferId: body.request.transferId, type: 'transfer', amount: { amount: 2_500 }, counterparty: { name: 'Bob Biswas' }, reference: 'Lunch' });
    expect((await list(alice, 'sent')).json().items[0]).toMatchObject({ status: 'paid', counterparty: { name: 'Bob Biswas' } });
    // One notification, not two (issue 24, defect 5): "paid your request" says the money arrived.
    expect((await notificationsOf(alice)).map((n) => n.kind)).toEqual(['request_paid']);
  });

  it('refuses a payer without the money, and the request stays pending', async () => {
    const { bob, request } = await aliceAsksBob(100_001);
    const response = await pay(bob, request.id);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('insufficient_funds');
    expect(await transfersFor(request.id)).toEqual({ status: 'pending', transfer_id: null });
    expect(await balanceOf(t.app, bob.token)).toBe(100_000);
  });

  it('answers a retry with the same key with the first answer and pays once', async () => {
    const { alice, bob, request } = await aliceAsksBob();
    const first = await pay(bob, request.id, 'pay-1');
    const again = await pay(bob, request.id, 'pay-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(t.app, alice.token)).toBe(102_500);
    const otherKey = await pay(bob, request.id, 'pay-2');
    expect(otherKey.statusCode).toBe(409);
    expect(otherKey.json().error).toEqual({ code: 'request_not_pending', message: 'This request is no longer pending' });
  });

  it('needs an idempotency key', async () => {
    const { bob, request } = await aliceAsksBob();
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/money-requests/${request.id}/pay`, headers: bearer(bob.token), payload: { pin: TEST_PIN } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('idempotency_key_required');
  });

  it('pays exactly once when Pay is pressed 20 times at the same moment', async () => {
    const { alice, bob, request } = await aliceAsksBob(2_500);
    const before = await transferCount();
    const responses = await Promise.all(Array.from({ length: 20 }, () => pay(bob, request.id)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(await transferCount()).toBe(before + 1);
    expect(await balanceOf(t.app, bob.token)).toBe(97_500);
    expect(await balanceOf(t.app, alice.token)).toBe(102_500);
    const winner = responses.find((response) => response.statusCode === 200)!.json();
    expect(await transfersFor(request.id)).toEqual({ status: 'paid', transfer_id: winner.request.transferId });
    expect((await notificationsOf(alice)).filter((n) => n.kind === 'request_paid')).toHaveLength(1);
  });

  it('gives 20 retries with one key one payment and the same answer', async () => {
    const { alice, bob, request } = await aliceAsksBob(2_500);
    const responses = await Promise.all(Array.from({ length: 20 }, () => pay(bob, request.id, 'same-key')));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect(await balanceOf(t.app, alice.token)).toBe(102_500);
  });

  it('lets exactly one of Pay and Cancel win when they race', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { alice, bob, request } = await aliceAsksBob(1_000);
      const [paid, cancelled] = await Promise.all([pay(bob, request.id), act(alice, request.id, 'cancel')]);
      const statuses = [paid.statusCode, cancelled.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const row = await transfersFor(request.id);
      if (paid.statusCode === 200) {
        expect(row).toEqual({ status: 'paid', transfer_id: paid.json().request.transferId });
        expect(await balanceOf(t.app, alice.token)).toBe(101_000);
      } else {
        expect(row).toEqual({ status: 'cancelled', transfer_id: null });
        expect(await balanceOf(t.app, alice.token)).toBe(100_000);
        expect(await balanceOf(t.app, bob.token)).toBe(100_000);
      }
    }
  });

  it('cannot pay an expired request; it reads "expired" from seven days on', async () => {
    const asked = await aliceAsksBob();
    const { request } = asked;
    t.clock.advance(REQUEST_LIFETIME_MS - 1);
    const [alice, bob] = [await signInAgain(asked.alice), await signInAgain(asked.bob)];
    expect((await list(bob, 'received')).json().items[0].status).toBe('pending');
    t.clock.advance(1);
    expect((await list(bob, 'received')).json().items[0].status).toBe('expired');
    expect((await list(alice, 'sent')).json().items[0].status).toBe('expired');
    expect((await pay(bob, request.id)).statusCode).toBe(409);
    expect((await act(bob, request.id, 'decline')).statusCode).toBe(409);
    expect((await act(alice, request.id, 'cancel')).statusCode).toBe(409);
    expect(await balanceOf(t.app, bob.token)).toBe(100_000);
  });
});

describe('declining and cancelling', () => {
  it('lets the payer decline, tells the requester, and then nothing can pay it', async () => {
    const { alice, bob, request } = await aliceAsksBob();
    const declined = await act(bob, request.id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', direction: 'received' });
    expect((await notificationsOf(alice)).map((n) => n.kind)).toEqual(['request_declined']);
    expect((await pay(bob, request.id)).statusCode).toBe(409);
    expect((await act(bob, request.id, 'decline')).statusCode).toBe(409);
  });

  it('lets the requester cancel and tells the asked wallet', async () => {
    const { alice, bob, request } = await aliceAsksBob();
    const cancelled = await act(alice, request.id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', direction: 'sent' });
    expect((await notificationsOf(bob)).map((n) => n.kind)).toEqual(['request_cancelled', 'request_received']);
    expect((await pay(bob, request.id)).statusCode).toBe(409);
  });

  it('keeps each side to its own action: the requester cannot decline or pay, the payer cannot cancel', async () => {
    const { alice, bob, request } = await aliceAsksBob();
    expect((await act(alice, request.id, 'decline')).statusCode).toBe(404);
    expect((await pay(alice, request.id)).statusCode).toBe(404);
    expect((await act(bob, request.id, 'cancel')).statusCode).toBe(404);
    expect(await transfersFor(request.id)).toEqual({ status: 'pending', transfer_id: null });
  });
});

describe('another user', () => {
  it('cannot see, pay, decline or cancel someone else’s requests (404, nothing changes)', async () => {
    const { alice, bob, request } = await aliceAsksBob();
    const mallory = await signUp(t.app);
    expect((await list(mallory, 'received')).json().total).toBe(0);
    expect((await list(mallory, 'sent')).json().total).toBe(0);
    for (const response of [await pay(mallory, request.id), await act(mallory, request.id, 'decline'), await act(mallory, request.id, 'cancel')]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect(await transfersFor(request.id)).toEqual({ status: 'pending', transfer_id: null });
    expect(await balanceOf(t.app, mallory.token)).toBe(100_000);
    expect(await balanceOf(t.app, bob.token)).toBe(100_000);
    expect(await notificationsOf(alice)).toEqual([]);
  });

  it('answers 404 for an id that does not exist and 400 for a malformed one', async () => {
    const { bob } = await pair();
    expect((await pay(bob, 'no-such-request')).statusCode).toBe(404);
    expect((await pay(bob, 'x'.repeat(65))).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/money-requests?direction=sideways', headers: bearer(bob.token) })).statusCode).toBe(400);
  });
});
