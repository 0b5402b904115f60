import { REQUEST_LIMITS } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const t = await testAppForFile();

const HOUR_MS = 60 * 60 * 1000;
const ask = (requester: SignedUp, payer: SignedUp, amount = 100) =>
  t.app.inject({ method: 'POST', url: '/api/v1/money-requests', headers: bearer(requester.token), payload: { from: payer.phone, amount, note: '' } });
const get = (user: SignedUp, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
const notificationsOf = async (user: SignedUp) =>
  (await get(user, '/api/v1/notifications?pageSize=20')).json().items as { kind: string; amount: { amount: number }; count: number; read: boolean; counterparty: { phone: string } }[];
const unread = async (user: SignedUp) => (await get(user, '/api/v1/notifications/unread-count')).json().count as number;
const statuses = (answers: { statusCode: number }[]) => answers.map((answer) => answer.statusCode).sort();
const people = (count: number) => Promise.all(Array.from({ length: count }, () => signUp(t.app)));

/** The hourly limits count in fixed hours: each test starts in an hour of its own. */
const nextHour = () => t.clock.advance(HOUR_MS);

describe('limits on asking for money', () => {
  it(`keeps at most ${REQUEST_LIMITS.pendingPerPair} requests waiting from one person to another, even when sent at once`, async () => {
    nextHour();
    const [alice, bob] = await people(2);
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(alice!, bob!)));
    expect(statuses(answers)).toEqual([...Array(3).fill(201), ...Array(7).fill(422)]);
    const refused = answers.find((answer) => answer.statusCode === 422)!;
    expect(refused.json().error).toMatchObject({ code: 'too_many_pending_requests', fields: { from: expect.stringContaining('3 requests waiting') } });
    expect((await get(bob!, '/api/v1/money-requests?direction=received')).json().total).toBe(3);

    // Once one is decided, there is room for another; other payers were never concerned.
    const waiting = answers.find((answer) => answer.statusCode === 201)!.json();
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/money-requests/${waiting.id}/cancel`, headers: bearer(alice!.token) })).statusCode).toBe(200);
    expect((await ask(alice!, bob!)).statusCode).toBe(201);
    expect((await ask(alice!, (await people(1))[0]!)).statusCode).toBe(201);
  });

  it(`lets one requester ask ${REQUEST_LIMITS.perRequesterPerHour} times an hour, then answers 429 with Retry-After`, async () => {
    nextHour();
    const [asker] = await people(1);
    const payers = await people(REQUEST_LIMITS.perRequesterPerHour + 5);
    const answers = await Promise.all(payers.map((payer) => ask(asker!, payer)));
    expect(statuses(answers)).toEqual([...Array(REQUEST_LIMITS.perRequesterPerHour).fill(201), ...Array(5).fill(429)]);
    const limited = answers.find((answer) => answer.statusCode === 429)!;
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    nextHour();
    // Sessions end after 10 idle minutes: sign in again in the next hour.
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: asker!.email, password: asker!.password } });
    expect((await ask({ ...asker!, token: login.json().token }, payers.at(-1)!)).statusCode).toBe(201);
  });

  it(`lets one wallet be asked ${REQUEST_LIMITS.perPayerPerHour} times an hour by everyone together`, async () => {
    nextHour();
    const [victim] = await people(1);
    const askers = await people(REQUEST_LIMITS.perPayerPerHour + 5);
    const answers = await Promise.all(askers.map((asker) => ask(asker, victim!)));
    expect(statuses(answers)).toEqual([...Array(REQUEST_LIMITS.perPayerPerHour).fill(201), ...Array(5).fill(429)]);
    expect(answers.find((answer) => answer.statusCode === 429)!.headers['retry-after']).toBeDefined();
    expect((await get(victim!, '/api/v1/money-requests?direction=received')).json().total).toBe(REQUEST_LIMITS.perPayerPerHour);
    expect(await unread(victim!)).toBe(REQUEST_LIMITS.perPayerPerHour);
  });
});

describe('notifications grouped by kind and person', () => {
  it('gives 200 one-cent transfers from one person one unread notification counting them', async () => {
    nextHour();
    const [alice, bob, carol] = await people(3);
    const sends = (from: SignedUp, count: number) =>
      Promise.all(
        Array.from({ length: count }, () =>
          t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token), payload: { pin: TEST_PIN, to: bob!.phone, amount: 1, reference: '1' } }),
        ),
      );
    expect(new Set(statuses(await sends(alice!, 200)))).toEqual(new Set([201]));
    expect(new Set(statuses(await sends(carol!, 3)))).toEqual(new Set([201]));
    const items = await notificationsOf(bob!);
    expect(items.map(({ kind, count, amount, counterparty }) => ({ kind, count, amount: amount.amount, phone: counterparty.phone })).sort((a, b) => b.count - a.count)).toEqual([
      { kind: 'money_received', count: 200, amount: 200, phone: alice!.phone },
      { kind: 'money_received', count: 3, amount: 3, phone: carol!.phone },
    ]);
    expect(await unread(bob!)).toBe(2);

    // Read, the group is closed: the next transfer is a new notification.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read-all', headers: bearer(bob!.token) })).statusCode).toBe(204);
    await sends(alice!, 1);
    expect((await notificationsOf(bob!)).filter((item) => !item.read)).toMatchObject([{ kind: 'money_received', count: 1, amount: { amount: 1 } }]);
  });

  it('groups one person’s requests, and a paid request notifies its requester once', async () => {
    nextHour();
    const [alice, bob] = await people(2);
    const asked = await Promise.all([ask(alice!, bob!, 100), ask(alice!, bob!, 250), ask(alice!, bob!, 300)]);
    expect(statuses(asked)).toEqual([201, 201, 201]);
    expect(await notificationsOf(bob!)).toMatchObject([{ kind: 'request_received', count: 3, amount: { amount: 650 } }]);

    const paid = await t.app.inject({ method: 'POST', url: `/api/v1/money-requests/${asked[0]!.json().id}/pay`, headers: moneyHeaders(bob!.token), payload: { pin: TEST_PIN } });
    expect(paid.statusCode).toBe(200);
    expect(await notificationsOf(alice!)).toMatchObject([{ kind: 'request_paid', count: 1, amount: { amount: 100 } }]);
  });
});

describe('blocking requests from a number', () => {
  it('withholds the number’s requests, waiting and new, without telling its owner', async () => {
    nextHour();
    const [alice, bob] = await people(2);
    const before = await ask(alice!, bob!, 100);
    const blocked = await bob!.browser.request({ method: 'POST', url: '/api/v1/money-request-blocks', payload: { phone: alice!.phone } });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json()).toEqual({ phone: alice!.phone, name: alice!.user.name, blockedAt: expect.any(String) });
    const unreadBefore = await unread(bob!);

    const after = await Promise.all([ask(alice!, bob!, 200), ask(alice!, bob!, 300)]);
    // Alice sees her requests as she would any other: waiting.
    expect(statuses(after)).toEqual([201, 201]);
    expect((await get(alice!, '/api/v1/money-requests?direction=sent')).json().items.map((item: { status: string }) => item.status)).toEqual(['pending', 'pending', 'pending']);
    // Bob sees none of them, hears nothing more, and cannot be made to pay one.
    expect((await get(bob!, '/api/v1/money-requests?direction=received')).json()).toMatchObject({ total: 0, items: [] });
    expect(await unread(bob!)).toBe(unreadBefore);
    const payWithheld = await t.app.inject({ method: 'POST', url: `/api/v1/money-requests/${before.json().id}/pay`, headers: moneyHeaders(bob!.token), payload: { pin: TEST_PIN } });
    expect(payWithheld.statusCode).toBe(404);
    expect((await get(bob!, '/api/v1/money-request-blocks')).json()).toEqual({ items: [blocked.json()] });

    // Blocking again changes nothing; unblocking lets the next request through.
    expect((await bob!.browser.request({ method: 'POST', url: '/api/v1/money-request-blocks', payload: { phone: alice!.phone } })).statusCode).toBe(201);
    expect((await bob!.browser.request({ method: 'DELETE', url: `/api/v1/money-request-blocks/${encodeURIComponent(alice!.phone)}` })).statusCode).toBe(204);
    expect((await get(bob!, '/api/v1/money-request-blocks')).json()).toEqual({ items: [] });
    expect((await bob!.browser.request({ method: 'DELETE', url: `/api/v1/money-request-blocks/${encodeURIComponent(alice!.phone)}` })).statusCode).toBe(404);
  });

  it('refuses an unknown number and one’s own, and keeps each user’s blocks to themselves', async () => {
    nextHour();
    const [alice, bob, mallory] = await people(3);
    const block = (user: SignedUp, phone: string) => user.browser.request({ method: 'POST', url: '/api/v1/money-request-blocks', payload: { phone } });
    expect((await block(bob!, '+8801999999999')).json().error.code).toBe('unknown_recipient');
    expect((await block(bob!, bob!.phone)).json().error.code).toBe('self_request');
    expect((await block(bob!, 'not a phone')).statusCode).toBe(400);
    expect((await block(bob!, alice!.phone)).statusCode).toBe(201);
    expect((await get(mallory!, '/api/v1/money-request-blocks')).json()).toEqual({ items: [] });
    expect((await mallory!.browser.request({ method: 'DELETE', url: `/api/v1/money-request-blocks/${encodeURIComponent(alice!.phone)}` })).statusCode).toBe(404);
    expect((await get(bob!, '/api/v1/money-request-blocks')).json().items).toHaveLength(1);
    expect((await ask(alice!, mallory!)).statusCode).toBe(201);
    expect((await get(mallory!, '/api/v1/money-requests?direction=received')).json().total).toBe(1);
  });
});
