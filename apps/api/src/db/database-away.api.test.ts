import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { WELCOME_BONUS_CENTS } from '@poisha/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_AWAY_RETRY_AFTER_SECONDS } from '../http/error-handler.js';
import { balanceOf, bearer, moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../test/http-client.js';
import { freePort } from '../test/server-process.js';
import { appOn, createTestApp, testDatabase, unreachablePostgres, type TestApp } from '../test/test-app.js';
import { walletOf } from '../core/ledger/wallets.js';

/**
 * Issue 27: while the database is away (unreachable, its connections cut by a restart or an
 * operator, its disk full), the API answers 503 `unavailable` with Retry-After, never 500, keeps
 * running, and recovers by itself; the ledger stays whole and a payment sent again with its key is
 * made once.
 */
const UNAVAILABLE = { error: { code: 'unavailable', message: 'Poisha cannot reach its records just now. Please try again in a moment.' } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const transfer = (from: SignedUp, to: SignedUp, amount: number, key: string = crypto.randomUUID()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token, key), payload: { pin: TEST_PIN, to: to.phone, amount, reference: '27' } });

/** The people's balances, each checked against the sum of its wallet's postings (a lost or doubled posting shows here). */
async function balancesChecked(people: SignedUp[]): Promise<number[]> {
  const balances: number[] = [];
  for (const person of people) {
    const wallet = await walletOf(t.db.kysely, person.user.id);
    const postings = await t.db.kysely.selectFrom('postings').select(sql<string>`cast(coalesce(sum(amount), 0) as bigint)`.as('sum')).where('account_id', '=', wallet.id).executeTakeFirstOrThrow();
    expect(Number(postings.sum)).toBe(wallet.balance);
    balances.push(wallet.balance);
  }
  return balances;
}
const total = (amounts: number[]) => amounts.reduce((sum, amount) => sum + amount, 0);

/** Sends a request again while it is answered 503, as a client does after Retry-After (briefly here); answers the last answer. */
async function untilServed(send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  let answer = await send();
  for (let round = 0; round < 20 && answer.statusCode === 503; round += 1) {
    expect(answer.json()).toEqual(UNAVAILABLE);
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await send();
  }
  return answer;
}

describe(`a database that is away (${testDatabase})`, () => {
  it.skipIf(testDatabase !== 'postgres')('unreachable: every request that needs it answers 503 unavailable with Retry-After, not 500', async () => {
    const db = unreachablePostgres(await freePort());
    const app = await appOn(db);
    try {
      const answers = [
        await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'someone@example.com', password: 'a long enough password' } }),
        await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer('a'.repeat(43)) }),
        await app.inject({ method: 'GET', url: '/api/v1/reviews' }),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.json()).toEqual(UNAVAILABLE);
        expect(answer.headers['retry-after']).toBe(String(DATABASE_AWAY_RETRY_AFTER_SECONDS));
      }
    } finally {
      await app.close();
      await db.close();
    }
  });

  it.skipIf(testDatabase !== 'postgres')('its connections cut by the server (pg_terminate_backend), idle and in the middle of payments: 201, 422 or 503, never 500; the ledger stays whole; sent again, each payment is made once', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await admin.connect();
    const cutConnections = () => admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [`poisha ${t.db.pgSchema}`]);
    try {
      const people = [await signUp(t.app), await signUp(t.app), await signUp(t.app), await signUp(t.app)];
      const [alice, bob] = people as [SignedUp, SignedUp];
      // Idle connections, cut between requests: the next requests find new connections (one that
      // meets a connection in the moment it is cut is told 503 and sent again).
      await Promise.all(people.map((person) => balanceOf(t.app, person.token)));
      await cutConnections();
      expect((await untilServed(() => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(alice.token) }))).statusCode).toBe(200);
      const key = crypto.randomUUID();
      expect((await untilServed(() => transfer(alice, bob, 100, key))).statusCode).toBe(201);

      // Cut again and again while 40 payments are in flight.
      const totalBefore = total(await balancesChecked(people));
      const payments = Array.from({ length: 40 }, (_, index) => ({ from: people[index % 4]!, to: people[(index + 1) % 4]!, amount: 1 + index, key: crypto.randomUUID() }));
      const cutting = (async () => {
        for (let cut = 0; cut < 5; cut += 1) {
          await new Promise((resolve) => setTimeout(resolve, 5 + cut * 3));
          await cutConnections();
        }
      })();
      const answers = await Promise.all(payments.map(({ from, to, amount, key }) => transfer(from, to, amount, key)));
      await cutting;
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => ![201, 422, 503].includes(status)), answers.map((answer) => answer.body).join('\n')).toEqual([]);
      // The cuts met payments in flight (else this test would test nothing).
      expect(statuses).toContain(503);
      for (const answer of answers.filter((candidate) => candidate.statusCode === 503)) expect(answer.json()).toEqual(UNAVAILABLE);

      // Recovered by itself: each payment sent again with its key, as a client does after Retry-After
      // (a request that met a connection cut a moment before may still be told 503: sent again), is
      // made, or was made, once.
      const again = await Promise.all(payments.map(({ from, to, amount, key }) => untilServed(() => transfer(from, to, amount, key))));
      expect(again.filter((answer) => answer.statusCode !== 201 && answer.statusCode !== 422).map((answer) => answer.body)).toEqual([]);
      const madeIds = again.filter((answer) => answer.statusCode === 201).map((answer) => answer.json<{ id: string }>().id);
      expect(new Set(madeIds).size).toBe(madeIds.length);
      for (const [index, answer] of answers.entries()) {
        if (answer.statusCode === 201) expect(again[index]!.json<{ id: string }>().id).toBe(answer.json<{ id: string }>().id);
      }
      const stored = await t.db.kysely.selectFrom('transfers').select('id').where('id', 'in', madeIds).execute();
      expect(stored).toHaveLength(madeIds.length);
      // Money moved among the four only: their total is what it was, and each balance is its postings.
      expect(total(await balancesChecked(people))).toBe(totalBefore);
    } finally {
      await admin.end();
    }
  });

  it.skipIf(testDatabase !== 'sqlite')('its disk full: a payment that needs room answers 503 unavailable and writes nothing; once there is room, sent again, it is made', async () => {
    const [alice, bob] = [await signUp(t.app), await signUp(t.app)];
    const totalBefore = total(await balancesChecked([alice, bob]));
    // The database may not grow past the pages it has (SQLite's max_page_count): the next write
    // that needs a new page fails with SQLITE_FULL, as on a full disk.
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.db.kysely);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(t.db.kysely);
    try {
      let refused: { key: string; amount: number } | null = null;
      let paidCents = 0;
      for (let attempt = 0; attempt < 500 && !refused; attempt += 1) {
        const key = crypto.randomUUID();
        const answer = await transfer(alice, bob, 1, key);
        expect([201, 503], answer.body).toContain(answer.statusCode);
        if (answer.statusCode === 201) paidCents += 1;
        if (answer.statusCode === 503) {
          expect(answer.json()).toEqual(UNAVAILABLE);
          expect(answer.headers['retry-after']).toBe(String(DATABASE_AWAY_RETRY_AFTER_SECONDS));
          refused = { key, amount: 1 };
        }
      }
      expect(refused).not.toBeNull();
      // The refused payment wrote nothing: Alice has paid exactly the payments answered 201.
      const [aliceWhileFull] = await balancesChecked([alice, bob]);
      expect(aliceWhileFull).toBe(WELCOME_BONUS_CENTS - paidCents);
      const balanceWhileFull = await balanceOf(t.app, alice.token);
      expect(balanceWhileFull).toBe(aliceWhileFull);

      await sql.raw('pragma max_page_count = 4294967294').execute(t.db.kysely);
      const again = await transfer(alice, bob, refused!.amount, refused!.key);
      expect(again.statusCode).toBe(201);
      expect(await balanceOf(t.app, alice.token)).toBe(balanceWhileFull - refused!.amount);
      expect(total(await balancesChecked([alice, bob]))).toBe(totalBefore);
    } finally {
      await sql.raw('pragma max_page_count = 4294967294').execute(t.db.kysely);
    }
  });
});
