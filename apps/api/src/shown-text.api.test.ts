import { textMessages } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, newUserInput, signUp } from './test/http-client.js';
import { testAppForFile } from './test/test-app-for-file.js';

const t = await testAppForFile();

/** Names and notes that draw as nothing or read backwards (issue 24, defect 6). */
const ZERO_WIDTH_ONLY = '\u200b\u200b\u200b';
const HANGUL_FILLER_ONLY = '\u3164\u3164';
const REVERSED = 'Rahim \u202egnp.exe';

const refusal = (field: string, message: string) => ({ error: expect.objectContaining({ code: 'validation_failed', fields: { [field]: message } }) });

describe('names and notes another person sees (issue 24, defect 6)', () => {
  it.each([
    ['only zero-width spaces', ZERO_WIDTH_ONLY, textMessages.invisible],
    ['only Hangul fillers', HANGUL_FILLER_ONLY, textMessages.invisible],
    ['a right-to-left override', REVERSED, textMessages.invisible],
    ['no letter', '12345', textMessages.noLetter],
  ])('sign-up refuses a name of %s with 400 and creates no user', async (_label, name, message) => {
    const input = newUserInput({ name });
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: input });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal('name', message));
    expect(await t.db.kysely.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst()).toBeUndefined();
  });

  it('sign-up keeps a Bangla name with its joiners, in NFC, spaces tidied', async () => {
    const user = await signUp(t.app, { name: '  র\u200d্যাব   Jose\u0301 ' });
    expect(user.user.name).toBe('র\u200d্যাব José');
  });

  it.each([
    ['only zero-width spaces', ZERO_WIDTH_ONLY],
    ['only Hangul fillers', HANGUL_FILLER_ONLY],
    ['a right-to-left override', REVERSED],
  ])('the profile refuses a new name of %s and keeps the old one', async (_label, name) => {
    const user = await signUp(t.app, { name: 'Rahima Begum' });
    const response = await user.browser.request({ method: 'PATCH', url: '/api/v1/me', payload: { name } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal('name', textMessages.invisible));
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).json().name).toBe('Rahima Begum');
  });

  it('a favourite’s nickname and origin follow the same rule', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const add = (body: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/favourites', headers: bearer(alice.token), payload: { name: 'Bob', phone: bob.phone, origin: 'Dhaka', ...body } });
    expect((await add({ name: HANGUL_FILLER_ONLY })).json()).toEqual(refusal('name', textMessages.invisible));
    expect((await add({ name: '😀' })).json()).toEqual(refusal('name', textMessages.noLetter));
    expect((await add({ origin: 'work\u202e' })).json()).toEqual(refusal('origin', textMessages.invisible));
    expect((await add({ name: 'বব' })).statusCode).toBe(201);
  });

  it('a money request’s note, which the payer reads, refuses hidden characters', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const ask = (note: string) => t.app.inject({ method: 'POST', url: '/api/v1/money-requests', headers: bearer(alice.token), payload: { from: bob.phone, amount: 500, note } });
    const hidden = await ask('rent \u202e10 ot 01');
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json()).toEqual(refusal('note', textMessages.invisible));
    const fine = await ask('  ভাড়া   নভেম্বর ');
    expect(fine.statusCode).toBe(201);
    expect(fine.json().note).toBe('ভাড়া নভেম্বর');
  });
});
