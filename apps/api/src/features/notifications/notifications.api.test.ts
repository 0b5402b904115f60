import { describe, expect, it } from 'vitest';
import { bearer, moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const t = await testAppForFile();

const get = (user: SignedUp, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
const post = (user: SignedUp, url: string) => t.app.inject({ method: 'POST', url, headers: bearer(user.token) });
const unread = async (user: SignedUp) => (await get(user, '/api/v1/notifications/unread-count')).json().count as number;

/**
 * `times` people (each a Bob) ask Alice for money: each request is a notification for Alice (one
 * person's requests would be grouped into one). Answers Alice and the last Bob.
 */
async function aliceWithNotifications(times: number) {
  const alice = await signUp(t.app, { name: 'Alice Akter' });
  let bob!: SignedUp;
  for (let index = 1; index <= times; index += 1) {
    bob = await signUp(t.app, { name: 'Bob Biswas' });
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/money-requests', headers: bearer(bob.token), payload: { from: alice.phone, amount: index * 100, note: '' } });
    expect(response.statusCode).toBe(201);
  }
  return { alice, bob };
}

describe('notifications', () => {
  it('lists the user’s notifications newest first, with a cheap unread count', async () => {
    const { alice, bob } = await aliceWithNotifications(3);
    expect(await unread(alice)).toBe(3);
    const page = (await get(alice, '/api/v1/notifications')).json();
    expect(page).toMatchObject({ total: 3, page: 0, pageSize: 5, pageCount: 1 });
    expect(page.items.map((item: { amount: { amount: number } }) => item.amount.amount)).toEqual([300, 200, 100]);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      kind: 'request_received',
      amount: { amount: 300, currency: 'USD' },
      counterparty: { name: 'Bob Biswas', phone: bob.phone },
      requestId: expect.any(String),
      ticketId: null,
      statementMonth: null,
      read: false,
      count: 1,
      createdAt: '2026-11-21T09:00:00.000Z',
    });
    expect((await get(alice, '/api/v1/notifications?pageSize=5&page=1')).json().items).toEqual([]);
    expect((await get(alice, '/api/v1/notifications?pageSize=3')).statusCode).toBe(400);
    expect((await get(alice, '/api/v1/notifications/unread-count')).headers['cache-control']).toBe('no-store');
  });

  it('lists by when it happened, newest first, even when an older event was written later', async () => {
    const { alice } = await aliceWithNotifications(2);
    t.clock.advance(60_000);
    // From someone new: a request from the same person would join that person's unread group (decision 0033).
    const carol = await signUp(t.app, { name: 'Carol Chakma' });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/money-requests', headers: bearer(carol.token), payload: { from: alice.phone, amount: 700, note: '' } })).statusCode).toBe(201);
    // A payment whose transaction began two minutes ago commits only now: written last, it happened first.
    const rows = await t.db.kysely.selectFrom('notifications').selectAll().where('user_id', '=', alice.user.id).orderBy('id', 'asc').execute();
    const first = rows[0];
    if (!first) throw new Error('no notification');
    const startedEarlier = new Date(Date.parse(first.created_at) - 120_000).toISOString();
    const { id: _written, ...copy } = first;
    await t.db.kysely.insertInto('notifications').values({ ...copy, group_key: null, amount: 900, created_at: startedEarlier }).execute();

    const items = (await get(alice, '/api/v1/notifications?pageSize=10')).json().items as { amount: { amount: number }; createdAt: string }[];
    expect(items.map((item) => item.amount.amount)).toEqual([700, 200, 100, 900]);
    const times = items.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('marks one read, then all', async () => {
    const { alice } = await aliceWithNotifications(3);
    const [newest] = (await get(alice, '/api/v1/notifications')).json().items;
    const marked = await post(alice, `/api/v1/notifications/${newest.id}/read`);
    expect(marked.statusCode).toBe(204);
    expect(await unread(alice)).toBe(2);
    expect((await get(alice, '/api/v1/notifications')).json().items.map((item: { read: boolean }) => item.read)).toEqual([true, false, false]);
    expect((await post(alice, `/api/v1/notifications/${newest.id}/read`)).statusCode).toBe(204);
    expect(await unread(alice)).toBe(2);

    expect((await post(alice, '/api/v1/notifications/read-all')).statusCode).toBe(204);
    expect(await unread(alice)).toBe(0);
    expect((await get(alice, '/api/v1/notifications')).json().items.every((item: { read: boolean }) => item.read)).toBe(true);
  });

  it('keeps each user’s notifications to themselves (404, nothing changes)', async () => {
    const { alice } = await aliceWithNotifications(2);
    const mallory = await signUp(t.app);
    const [newest] = (await get(alice, '/api/v1/notifications')).json().items;
    expect((await get(mallory, '/api/v1/notifications')).json()).toMatchObject({ items: [], total: 0 });
    expect(await unread(mallory)).toBe(0);
    const stolen = await post(mallory, `/api/v1/notifications/${newest.id}/read`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('not_found');
    expect((await post(mallory, '/api/v1/notifications/read-all')).statusCode).toBe(204);
    expect(await unread(alice)).toBe(2);
  });

  it('answers 404 to an unknown id and 400 to one that is not a number', async () => {
    const alice = await signUp(t.app);
    expect((await post(alice, '/api/v1/notifications/999999/read')).statusCode).toBe(404);
    for (const id of ['abc', '1e3', '-1', '9'.repeat(16)]) {
      const response = await post(alice, `/api/v1/notifications/${id}/read`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
  });

  it('needs a signed-in user and, with a cookie, the CSRF token', async () => {
    const { alice } = await aliceWithNotifications(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notifications/unread-count' })).statusCode).toBe(401);
    const forged = await alice.browser.request({ method: 'POST', url: '/api/v1/notifications/read-all', withCsrf: false });
    expect(forged.statusCode).toBe(403);
    expect(await unread(alice)).toBe(1);
  });

  it('tells the recipient of every transfer, in the transfer’s transaction', async () => {
    const alice = await signUp(t.app, { name: 'Alice Akter' });
    const bob = await signUp(t.app);
    const sent = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(alice.token), payload: { pin: TEST_PIN, to: bob.phone, amount: 1_234, reference: '1' } });
    expect(sent.statusCode).toBe(201);
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(alice.token), payload: { pin: TEST_PIN, to: bob.phone, amount: 10_000_000, reference: '1' } });
    expect(refused.statusCode).toBe(422);
    const items = (await get(bob, '/api/v1/notifications')).json().items;
    expect(items).toEqual([expect.objectContaining({ kind: 'money_received', amount: { amount: 1_234, currency: 'USD' }, counterparty: { name: 'Alice Akter', phone: alice.phone }, requestId: null })]);
    expect((await get(alice, '/api/v1/notifications')).json().total).toBe(0);
  });

  it('does not count polling the unread count as activity: an idle session still ends after 10 minutes', async () => {
    const polling = await signUp(t.app);
    const working = await signUp(t.app);
    t.clock.advance(9 * 60_000);
    expect((await get(polling, '/api/v1/notifications/unread-count')).statusCode).toBe(200);
    expect((await get(working, '/api/v1/me')).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await get(polling, '/api/v1/notifications/unread-count')).statusCode).toBe(401);
    expect((await get(working, '/api/v1/notifications/unread-count')).statusCode).toBe(200);
  });
});
