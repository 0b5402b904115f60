import { describe, expect, it } from 'vitest';
import { bearer, moneyHeaders, signUp, TEST_PIN } from '../../test/http-client.js';
import { testAppForFile } from '../../test/test-app-for-file.js';

const t = await testAppForFile();

describe('one review per user', () => {
  it('is written once and replaced by the next one, which counts as the newest', async () => {
    const author = await signUp(t.app, { name: 'Repeat Reviewer' });
    const other = await signUp(t.app, { name: 'Other Reviewer' });
    const first = await author.browser.request({ method: 'POST', url: '/api/v1/reviews', payload: { star: 2, text: 'Slow at first' } });
    expect(first.statusCode).toBe(201);
    t.clock.advance(1000);
    await other.browser.request({ method: 'POST', url: '/api/v1/reviews', payload: { star: 4, text: 'Good' } });
    t.clock.advance(1000);
    const second = await author.browser.request({ method: 'POST', url: '/api/v1/reviews', payload: { star: 5, text: '<b>Much</b> better now' } });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, name: 'Repeat Reviewer', star: 5, text: '<b>Much</b> better now' });

    const newest = (await t.app.inject({ method: 'GET', url: '/api/v1/reviews' })).json();
    expect(newest.map((review: { name: string; star: number }) => [review.name, review.star])).toEqual([
      ['Repeat Reviewer', 5],
      ['Other Reviewer', 4],
    ]);
    expect(await t.db.kysely.selectFrom('reviews').select('id').where('user_id', '=', author.user.id).execute()).toHaveLength(1);
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/reviews/mine', headers: bearer(author.token) });
    expect(mine.json().review).toMatchObject({ star: 5, text: '<b>Much</b> better now' });
  });

  it("shows nobody's review before they write one, and needs a session", async () => {
    const user = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/reviews/mine', headers: bearer(user.token) })).json()).toEqual({ review: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/reviews/mine' })).statusCode).toBe(401);
  });

  it('leaves the landing page when its author closes the account', async () => {
    const author = await signUp(t.app, { name: 'Leaving Reviewer' });
    const friend = await signUp(t.app);
    t.clock.advance(1000);
    await author.browser.request({ method: 'POST', url: '/api/v1/reviews', payload: { star: 3, text: 'Bye' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/reviews' })).json()[0].name).toBe('Leaving Reviewer');
    await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(author.token), payload: { pin: TEST_PIN, to: friend.phone, amount: 100_000, reference: '1' } });
    expect((await author.browser.request({ method: 'DELETE', url: '/api/v1/me', payload: { password: author.password } })).statusCode).toBe(204);
    const names = (await t.app.inject({ method: 'GET', url: '/api/v1/reviews' })).json().map((review: { name: string }) => review.name);
    expect(names).not.toContain('Leaving Reviewer');
  });
});
