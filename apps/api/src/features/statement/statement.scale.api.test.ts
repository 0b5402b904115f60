import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChainedTransfers, type BulkTransfer } from '../../core/ledger/bulk-journal.js';
import { SYSTEM_ACCOUNTS } from '../../core/ledger/ledger.js';
import { runOps } from '../../ops/ops.js';
import { bearer, moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { createTestApp, MemoryMailer, testDatabase, type TestApp } from '../../test/test-app.js';
import { spendingPeriods } from './dhaka-time.js';
import { spendingQuery } from './statement.repository.js';

const ENTRIES = 100_000;
const BATCH = 1_000;

let t: TestApp;
let heavy: SignedUp;
let other: SignedUp;
let heavyWalletId: string;

/**
 * Writes a long history in bulk, shaped exactly as moveMoney writes it (one transfer, two postings,
 * linked into the journal's hash chain), alternating money in and out so both filtered lists are long.
 */
async function fillJournal(walletId: string) {
  const start = Date.parse('2025-01-01T00:00:00Z');
  for (let offset = 0; offset < ENTRIES; offset += BATCH) {
    const batch: BulkTransfer[] = [];
    for (let index = offset; index < offset + BATCH; index += 1) {
      const id = crypto.randomUUID();
      const createdAt = new Date(start + index * 60_000).toISOString();
      const incoming = index % 2 === 0;
      batch.push({
        transfer: { id, kind: 'bank_deposit', amount: 100, reference: String(index), counterparty: 'Bank Asia •••• 0001', initiated_by: null, created_at: createdAt },
        postings: [
          { transfer_id: id, account_id: SYSTEM_ACCOUNTS.bankSettlement, amount: incoming ? -100 : 100, direction: incoming ? 'out' : 'in', balance_after: null, created_at: createdAt },
          { transfer_id: id, account_id: walletId, amount: incoming ? 100 : -100, direction: incoming ? 'in' : 'out', balance_after: 100_000, created_at: createdAt },
        ],
      });
    }
    await t.db.kysely.transaction().execute((trx) => insertChainedTransfers(trx, batch));
  }
}

async function timed(run: () => Promise<{ statusCode: number }>): Promise<number> {
  const started = performance.now();
  const response = await run();
  expect(response.statusCode).toBeLessThan(300);
  return performance.now() - started;
}

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'warn' } });
  heavy = await signUp(t.app);
  other = await signUp(t.app);
  const wallet = await t.db.kysely.selectFrom('accounts').select('id').where('user_id', '=', heavy.user.id).executeTakeFirstOrThrow();
  heavyWalletId = wallet.id;
  await fillJournal(wallet.id);
}, 180_000);
afterAll(() => t.close());

describe(`a wallet with ${ENTRIES.toLocaleString('en')} entries (${testDatabase})`, () => {
  it('gets any statement page fast', async () => {
    const timings: Record<string, number> = {};
    for (const type of ['all', 'sent', 'received'] as const) {
      const total = type === 'all' ? ENTRIES + 1 : ENTRIES / 2 + (type === 'received' ? 1 : 0);
      const lastPage = Math.ceil(total / 20) - 1;
      for (const page of [0, Math.floor(lastPage / 2), lastPage]) {
        const url = `/api/v1/statement?type=${type}&page=${page}&pageSize=20`;
        // The first read warms caches; the second is the one measured.
        await t.app.inject({ method: 'GET', url, headers: bearer(heavy.token) });
        timings[`${type} page ${page}`] = await timed(() => t.app.inject({ method: 'GET', url, headers: bearer(heavy.token) }));
      }
      const body = (await t.app.inject({ method: 'GET', url: `/api/v1/statement?type=${type}&page=${lastPage}&pageSize=20`, headers: bearer(heavy.token) })).json();
      expect(body.total).toBe(total);
      expect(body.items.length).toBeGreaterThan(0);
    }
    console.warn(`statement timings in ms (${testDatabase}):`, Object.fromEntries(Object.entries(timings).map(([key, ms]) => [key, Math.round(ms)])));
    for (const ms of Object.values(timings)) expect(ms).toBeLessThan(400);
  });

  it("sums the spending summary's periods from the time index, not from all the money ever sent", async () => {
    // The seeded history is all from 2025: none of this year's periods holds it.
    const query = spendingQuery(t.db.kysely, heavyWalletId, spendingPeriods(Date.parse('2026-11-27T12:00:00Z'))).compile();
    const explain = testDatabase === 'sqlite' ? 'explain query plan' : 'explain';
    const plan = await t.db.kysely.executeQuery(CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]));
    expect(plan.rows.map((row) => Object.values(row as object).join(' ')).join('\n')).toMatch(/postings_account_created/);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/spending', headers: bearer(heavy.token) });
    expect(response.statusCode).toBe(200);
  });

  it('still moves money in constant time', async () => {
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(heavy.token), payload: { pin: TEST_PIN, to: other.phone, amount: 1, reference: '1' } });
    await send();
    const ms = await timed(send);
    console.warn(`transfer from the heavy wallet took ${Math.round(ms)} ms (${testDatabase})`);
    expect(ms).toBeLessThan(200);
  });

  it("leaves the journal's hash chain whole: the operator check verifies every seeded transfer", async () => {
    const lines: string[] = [];
    const code = await runOps(['verify-chain', '--operator', 'scale-test'], {
      db: t.db, config: t.config, mailer: new MemoryMailer(), log: t.app.log, defaultOperator: undefined, now: t.clock,
      readStdin: async () => '', out: (line) => lines.push(line), err: (line) => lines.push(line),
    });
    expect(lines.join('\n')).toMatch(/hash chains verify: \d+ transfers/);
    expect(code).toBe(0);
  }, 120_000);
});
