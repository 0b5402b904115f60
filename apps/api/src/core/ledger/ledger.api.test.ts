import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { createTestApp, testDatabase, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let queries: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ onQuery: (text) => queries.push(text) });
});
afterAll(() => t.close());

/** A deterministic stream of numbers, so a failing run can be repeated. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function journalTotals() {
  const postings = await t.db.kysely
    .selectFrom('postings')
    .select([sql<string>`cast(coalesce(sum(amount), 0) as bigint)`.as('sum'), (eb) => eb.fn.countAll<string>().as('count')])
    .executeTakeFirstOrThrow();
  return { sum: Number(postings.sum), count: Number(postings.count) };
}

describe('the ledger under concurrency', () => {
  it('keeps every invariant through 200 simultaneous transfers among 10 wallets', async () => {
    const wallets: SignedUp[] = [];
    for (let index = 0; index < 10; index += 1) wallets.push(await signUp(t.app));
    const random = seededRandom(20261121);

    const requests = Array.from({ length: 200 }, () => {
      const from = Math.floor(random() * 10);
      const to = (from + 1 + Math.floor(random() * 9)) % 10;
      // Up to 600 USD: large enough that some senders run dry and are refused.
      const amount = 1 + Math.floor(random() * 60_000);
      return { from: wallets[from]!, to: wallets[to]!, amount };
    });
    const responses = await Promise.all(
      requests.map(({ from, to, amount }) =>
        t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token), payload: { pin: TEST_PIN, to: to.phone, amount, reference: '9' } }),
      ),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 201 || status === 422)).toBe(true);
    const accepted = responses.filter((response) => response.statusCode === 201).map((response) => response.json().id as string);
    const refused = responses.filter((response) => response.statusCode === 422);
    expect(refused.every((response) => response.json().error.code === 'insufficient_funds')).toBe(true);
    expect(accepted.length).toBeGreaterThan(50);

    // Every accepted answer has exactly one transfer with two postings; refused ones left nothing.
    const transfers = await t.db.kysely.selectFrom('transfers').select(['id']).where('kind', '=', 'transfer').execute();
    expect(transfers.map((row) => row.id).sort()).toEqual([...accepted].sort());
    const postingsPerTransfer = await t.db.kysely
      .selectFrom('postings')
      .select(['transfer_id', (eb) => eb.fn.countAll<string>().as('n'), sql<string>`cast(sum(amount) as bigint)`.as('sum')])
      .groupBy('transfer_id')
      .execute();
    expect(postingsPerTransfer.every((row) => Number(row.n) === 2 && Number(row.sum) === 0)).toBe(true);

    // The journal sums to zero; money was neither made nor lost; each balance is its postings' sum.
    expect((await journalTotals()).sum).toBe(0);
    const accounts = await t.db.kysely.selectFrom('accounts').select(['id', 'balance']).where('kind', '=', 'wallet').execute();
    expect(accounts).toHaveLength(10);
    expect(accounts.every((account) => account.balance >= 0)).toBe(true);
    for (const account of accounts) {
      const row = await t.db.kysely
        .selectFrom('postings')
        .select(sql<string>`cast(coalesce(sum(amount), 0) as bigint)`.as('sum'))
        .where('account_id', '=', account.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.sum)).toBe(account.balance);
      const last = await t.db.kysely.selectFrom('postings').select('balance_after').where('account_id', '=', account.id).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(last.balance_after).toBe(account.balance);
    }
    const total = accounts.reduce((sum, account) => sum + account.balance, 0);
    expect(total).toBe(accounts.length * 100_000);
  });

  it('lets two opposite transfers between the same wallets run at once without deadlock', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) => {
        const [from, to] = index % 2 === 0 ? [alice, bob] : [bob, alice];
        return t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token), payload: { pin: TEST_PIN, to: to.phone, amount: 1_000, reference: '5' } });
      }),
    );
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
  });
});

describe('the journal', () => {
  it('refuses to change or delete a posting or a transfer', async () => {
    await signUp(t.app);
    const posting = await t.db.kysely.selectFrom('postings').select(['id', 'transfer_id']).limit(1).executeTakeFirstOrThrow();
    await expect(t.db.kysely.updateTable('postings').set({ amount: 1 }).where('id', '=', posting.id).execute()).rejects.toThrow(/immutable/);
    await expect(t.db.kysely.deleteFrom('postings').where('id', '=', posting.id).execute()).rejects.toThrow(/immutable/);
    await expect(t.db.kysely.updateTable('transfers').set({ reference: 'x' }).where('id', '=', posting.transfer_id).execute()).rejects.toThrow(/immutable/);
    await expect(t.db.kysely.deleteFrom('transfers').where('id', '=', posting.transfer_id).execute()).rejects.toThrow(/immutable/);
  });

  it('refuses a negative wallet balance in the database itself', async () => {
    const user = await signUp(t.app);
    await expect(
      t.db.kysely.updateTable('accounts').set({ balance: -1 }).where('user_id', '=', user.user.id).execute(),
    ).rejects.toThrow(/check|constraint/i);
  });

  it('spends a constant number of queries on a transfer, however long the journal', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const queriesForOneTransfer = async () => {
      queries = [];
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(alice.token), payload: { pin: TEST_PIN, to: bob.phone, amount: 1, reference: '1' } });
      expect(response.statusCode).toBe(201);
      return queries.filter((text) => !/^(begin|commit|rollback|savepoint|release|rollback to)/i.test(text.trim())).length;
    };
    const early = await queriesForOneTransfer();
    for (let index = 0; index < 30; index += 1) {
      await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(bob.token), payload: { pin: TEST_PIN, to: alice.phone, amount: 1, reference: '1' } });
    }
    const later = await queriesForOneTransfer();
    expect(later).toBe(early);
    // Session lookup, the payer's PIN (one read of its row, decision 0042), idempotency claim, the
    // two parties' wallets (one query), the movement, the recipient's notification, stored outcome:
    // nothing scans the journal. The movement is one function call on PostgreSQL (linked into the
    // hash chain at commit); on SQLite two balance updates, the chain head's claim, the transfer,
    // the head's new hash and the postings.
    expect(early).toBeLessThanOrEqual(testDatabase === 'postgres' ? 7 : 12);
  });

  it('gives transfers ids that sort in the order they were made, so new rows land at the end of the indexes', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(alice.token), payload: { pin: TEST_PIN, to: bob.phone, amount: 1, reference: '1' } });
      expect(response.statusCode).toBe(201);
      ids.push(response.json<{ id: string }>().id);
    }
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    const stored = await t.db.kysely.selectFrom('transfers').select('id').where('id', 'in', ids).orderBy('chain_seq').execute();
    expect(stored.map((row) => row.id)).toEqual(ids);
  });
});

describe(`the database (${testDatabase})`, () => {
  it('reads money back as exact integers', async () => {
    const user = await signUp(t.app);
    const row = await t.db.kysely.selectFrom('accounts').select('balance').where('user_id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row.balance).toBe(100_000);
    expect(typeof row.balance).toBe('number');
  });
});
