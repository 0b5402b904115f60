import { describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUp } from '../../test/http-client.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const t = await testAppForFile();

const add = (user: SignedUp, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/favourites', headers: bearer(user.token), payload: body });
const list = (user: SignedUp, query = '') => t.app.inject({ method: 'GET', url: `/api/v1/favourites${query}`, headers: bearer(user.token) });
const favouriteCount = async () =>
  Number((await t.db.kysely.selectFrom('favourites').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('favourites', () => {
  it('saves a wallet by its number and lists it with the name it is registered under', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app, { name: 'Bob Biswas' });
    const national = `0${bob.phone.slice(4)}`;
    const response = await add(alice, { name: 'Bobby', phone: national, origin: 'Dhaka' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Bobby', phone: bob.phone, origin: 'Dhaka', registeredName: 'Bob B.', photoUrl: null });

    const page = (await list(alice)).json();
    expect(page).toMatchObject({ total: 1, page: 0, pageSize: 5, pageCount: 1 });
    expect(page.items).toEqual([response.json()]);
  });

  it('lists newest first and pages by 5, 10 or 20', async () => {
    const alice = await signUp(t.app);
    const contacts: SignedUp[] = [];
    for (let index = 0; index < 6; index += 1) {
      const contact = await signUp(t.app, { name: `Contact ${index}` });
      contacts.push(contact);
      expect((await add(alice, { name: `C${index}`, phone: contact.phone, origin: 'Dhaka' })).statusCode).toBe(201);
      t.clock.advance(1000);
    }
    const first = (await list(alice)).json();
    expect(first).toMatchObject({ total: 6, pageSize: 5, pageCount: 2 });
    expect(first.items.map((item: { name: string }) => item.name)).toEqual(['C5', 'C4', 'C3', 'C2', 'C1']);
    expect((await list(alice, '?page=1')).json().items.map((item: { name: string }) => item.name)).toEqual(['C0']);
    expect((await list(alice, '?pageSize=10')).json().items).toHaveLength(6);
    expect((await list(alice, '?pageSize=7')).statusCode).toBe(400);
  });

  it.each([
    ['no name', { name: '' }, 'name', 'Account holder name is required'],
    ['no number', { phone: undefined }, 'phone', 'Phone Number is required'],
    ['a malformed number', { phone: '12' }, 'phone', 'Enter a valid phone number'],
    ['no origin', { origin: '   ' }, 'origin', 'Origin is required'],
    ['a very long name', { name: 'x'.repeat(101) }, 'name', 'Account holder name must be at most 100 characters'],
  ])('refuses %s with 400 and saves nothing', async (_label, patch, field, message) => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const before = await favouriteCount();
    const response = await add(alice, { name: 'Bob', phone: bob.phone, origin: 'Dhaka', ...patch });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
    expect(await favouriteCount()).toBe(before);
  });

  it('refuses a number already saved, the user’s own number and a number with no wallet', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    expect((await add(alice, { name: 'Bob', phone: bob.phone, origin: 'Dhaka' })).statusCode).toBe(201);
    const before = await favouriteCount();

    const again = await add(alice, { name: 'Bob again', phone: bob.phone, origin: 'Khulna' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'favourite_exists', message: 'This number is already in your favourites', fields: { phone: 'This number is already in your favourites' } } });

    const own = await add(alice, { name: 'Me', phone: alice.phone, origin: 'Dhaka' });
    expect(own.statusCode).toBe(422);
    expect(own.json().error).toMatchObject({ code: 'self_favourite', fields: { phone: 'You cannot add your own number' } });

    const nobody = await add(alice, { name: 'Nobody', phone: '+8801999999999', origin: 'Dhaka' });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().error).toMatchObject({ code: 'unknown_recipient', fields: { phone: 'No Poisha wallet has this number' } });
    expect(await favouriteCount()).toBe(before);
  });

  it('keeps one copy when the same favourite is added twice at the same moment', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const responses = await Promise.all(Array.from({ length: 5 }, () => add(alice, { name: 'Bob', phone: bob.phone, origin: 'Dhaka' })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('deletes exactly the row asked for', async () => {
    const alice = await signUp(t.app);
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const contact = await signUp(t.app);
      ids.push((await add(alice, { name: `C${index}`, phone: contact.phone, origin: 'Dhaka' })).json().id);
      t.clock.advance(1000);
    }
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/favourites/${ids[1]}`, headers: bearer(alice.token) });
    expect(deleted.statusCode).toBe(204);
    expect((await list(alice)).json().items.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[0]]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/v1/favourites/${ids[1]}`, headers: bearer(alice.token) });
    expect(again.statusCode).toBe(404);
  });

  it('shows, and lets delete, only the signed-in user’s own favourites', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const mallory = await signUp(t.app);
    const saved = (await add(alice, { name: 'Bob', phone: bob.phone, origin: 'Dhaka' })).json();

    expect((await list(mallory)).json()).toMatchObject({ items: [], total: 0 });
    const stolen = await t.app.inject({ method: 'DELETE', url: `/api/v1/favourites/${saved.id}`, headers: bearer(mallory.token) });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('not_found');
    expect((await list(alice)).json().items).toEqual([saved]);
  });

  it('needs a signed-in user and, with a cookie, the CSRF token', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/favourites' })).statusCode).toBe(401);
    const forged = await alice.browser.request({ method: 'POST', url: '/api/v1/favourites', withCsrf: false, payload: { name: 'Bob', phone: bob.phone, origin: 'Dhaka' } });
    expect(forged.statusCode).toBe(403);
    const real = await alice.browser.request({ method: 'POST', url: '/api/v1/favourites', payload: { name: 'Bob', phone: bob.phone, origin: 'Dhaka' } });
    expect(real.statusCode).toBe(201);
  });

  it('answers 400, not 500, to bad ids and bodies', async () => {
    const alice = await signUp(t.app);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/favourites/${'x'.repeat(65)}`, headers: bearer(alice.token) })).statusCode).toBe(400);
    expect((await add(alice, { name: 5, phone: ['+8801711111111'], origin: null })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/favourites', headers: { ...bearer(alice.token), 'content-type': 'application/json' }, payload: '[' })).statusCode).toBe(400);
  });
});
