import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { bearer, signUp, type SignedUp } from '../../test/http-client.js';
import { createTestApp, createTestClock, type TestApp, type TestClock } from '../../test/test-app.js';
import { SessionActivity } from './session-activity.js';
import { hashToken } from './tokens.js';

let t: TestApp;
let queries: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ onQuery: (sql) => queries.push(sql) });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const me = (app: FastifyInstance, user: SignedUp) => app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) });
const sessionWrites = () => queries.filter((sql) => /^update "sessions"/i.test(sql));
const storedLastSeen = async (user: SignedUp) =>
  Date.parse(
    String((await t.db.kysely.selectFrom('sessions').select('last_seen_at').where('id', '=', hashToken(user.token)).executeTakeFirstOrThrow()).last_seen_at),
  );
/** Rounded down to the second, as activity is stored. */
const toSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

describe("a session's activity (decision 0026)", () => {
  it('is not written on the request: it is held and written with the others each second', async () => {
    const user = await signUp(t.app);
    const signedUpAt = await storedLastSeen(user);
    t.clock.advance(2 * MINUTE);
    queries = [];
    expect((await me(t.app, user)).statusCode).toBe(200);
    expect(sessionWrites()).toEqual([]);
    expect(await storedLastSeen(user)).toBe(signedUpAt);

    // The timer writes it within a second (real time), in one statement for the whole second.
    await expect.poll(() => storedLastSeen(user), { timeout: 3000, interval: 100 }).toBe(toSecond(t.clock()));
    expect(sessionWrites()).toHaveLength(1);
  });

  it('counts at once on this instance, before it is written', async () => {
    const user = await signUp(t.app);
    t.clock.advance(5 * MINUTE);
    expect((await me(t.app, user)).statusCode).toBe(200);
    // 10.5 minutes after the stored time, 5.5 after the activity held in memory: still signed in.
    t.clock.advance(5 * MINUTE + 30_000);
    const stored = await storedLastSeen(user);
    expect(t.clock() - stored).toBeGreaterThanOrEqual(5 * MINUTE);
    expect((await me(t.app, user)).statusCode).toBe(200);
  });

  it('is written before the request goes on when the session is within a minute of its idle limit', async () => {
    const user = await signUp(t.app);
    t.clock.advance(9 * MINUTE + 10_000);
    queries = [];
    expect((await me(t.app, user)).statusCode).toBe(200);
    expect(sessionWrites()).toHaveLength(1);
    expect(await storedLastSeen(user)).toBe(toSecond(t.clock()));
  });

  it('keeps a session alive on another instance that reads only the database', async () => {
    const secondClock: TestClock = createTestClock(t.clock());
    const second = await buildApp({ config: t.config, db: t.db, clock: secondClock });
    await second.ready();
    try {
      const user = await signUp(t.app);
      // Active on the first instance near the idle limit, then seen by the second a minute later.
      t.clock.advance(9 * MINUTE + 30_000);
      secondClock.advance(9 * MINUTE + 30_000);
      expect((await me(t.app, user)).statusCode).toBe(200);
      secondClock.advance(MINUTE);
      expect((await me(second, user)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('held at shutdown is written before the database closes, and never moves a later time back', async () => {
    const user = await signUp(t.app);
    const id = hashToken(user.token);
    const start = await storedLastSeen(user);
    const errors: unknown[] = [];
    const activity = new SessionActivity(t.db.kysely, (error) => errors.push(error));
    await activity.touch(id, start, start + 2 * MINUTE + 400);
    expect(await storedLastSeen(user)).toBe(start);
    expect(activity.lastSeenAt(id, start)).toBe(toSecond(start + 2 * MINUTE + 400));
    await activity.stop();
    expect(await storedLastSeen(user)).toBe(toSecond(start + 2 * MINUTE + 400));

    // An older time held by a slower instance does not overwrite it.
    const slower = new SessionActivity(t.db.kysely, (error) => errors.push(error));
    await slower.touch(id, start, start + MINUTE);
    await slower.stop();
    expect(await storedLastSeen(user)).toBe(toSecond(start + 2 * MINUTE + 400));
    expect(errors).toEqual([]);
  });

  it('that fails to be written is kept and written with the next flush', async () => {
    const user = await signUp(t.app);
    const id = hashToken(user.token);
    const start = await storedLastSeen(user);
    const errors: unknown[] = [];
    let failNext = true;
    const failingOnce = new Proxy(t.db.kysely, {
      get(target, property) {
        if (property === 'transaction' && failNext) {
          failNext = false;
          return () => ({ execute: () => Promise.reject(new Error('disk full')) });
        }
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const activity = new SessionActivity(failingOnce, (error) => errors.push(error));
    await activity.touch(id, start, start + 3 * MINUTE);
    await activity.flush();
    expect(errors).toHaveLength(1);
    expect(await storedLastSeen(user)).toBe(start);
    expect(activity.lastSeenAt(id, start)).toBe(toSecond(start + 3 * MINUTE));
    await activity.flush();
    expect(await storedLastSeen(user)).toBe(toSecond(start + 3 * MINUTE));
    expect(errors).toHaveLength(1);
  });
});
