import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, moneyHeaders, signUp, type SignedUp, TEST_PIN } from '../../test/http-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let queries: string[] = [];
let alice: SignedUp;
let bob: SignedUp;

const get = (user: SignedUp, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
const send = (from: SignedUp, to: SignedUp, amount: number, reference = '1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/transfers', headers: moneyHeaders(from.token), payload: { pin: TEST_PIN, to: to.phone, amount, reference } });

beforeAll(async () => {
  t = await createTestApp({ onQuery: (text) => queries.push(text) });
  alice = await signUp(t.app, { name: 'Alice Akter' });
  bob = await signUp(t.app, { name: '=HYPERLINK("http://evil")' });
  // Alice: welcome bonus in, 12 transfers out (1..12 USD), 3 in from Bob.
  for (let index = 1; index <= 12; index += 1) {
    expect((await send(alice, bob, index * 100, String(index))).statusCode).toBe(201);
    t.clock.advance(30_000);
  }
  for (let index = 1; index <= 3; index += 1) expect((await send(bob, alice, 1_000, '77')).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('GET /api/v1/statement', () => {
  it('reads a page in two queries besides the session, neither waiting for the wallet row', async () => {
    queries = [];
    const page = await get(alice, '/api/v1/statement?type=all&page=0&pageSize=20');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 16 });
    const statement = queries.filter((text) => !text.includes('"sessions"'));
    // The count from the wallet's row and the page of postings, sent together.
    expect(statement, statement.join('\n')).toHaveLength(2);
  });

  it('pages the sent list newest first with a page count of ceil(total / pageSize)', async () => {
    const first = (await get(alice, '/api/v1/statement?type=sent&page=0&pageSize=5')).json();
    expect(first).toMatchObject({ total: 12, page: 0, pageSize: 5, pageCount: 3 });
    expect(first.items.map((item: { amount: { amount: number } }) => item.amount.amount)).toEqual([-1200, -1100, -1000, -900, -800]);
    const last = (await get(alice, '/api/v1/statement?type=sent&page=2&pageSize=5')).json();
    expect(last.items.map((item: { reference: string }) => item.reference)).toEqual(['2', '1']);
    const ten = (await get(alice, '/api/v1/statement?type=sent&pageSize=10')).json();
    expect(ten).toMatchObject({ pageCount: 2 });
    expect(ten.items).toHaveLength(10);
    const twenty = (await get(alice, '/api/v1/statement?type=sent&pageSize=20')).json();
    expect(twenty).toMatchObject({ pageCount: 1 });
    const beyond = (await get(alice, '/api/v1/statement?type=sent&page=9')).json();
    expect(beyond.items).toEqual([]);
  });

  it('separates received money (transfers and deposits) and shows all together', async () => {
    const received = (await get(alice, '/api/v1/statement?type=received&pageSize=20')).json();
    expect(received.total).toBe(4);
    expect(received.items.every((item: { direction: string }) => item.direction === 'in')).toBe(true);
    expect(received.items.at(-1).type).toBe('welcome_bonus');
    const all = (await get(alice, '/api/v1/statement?type=all&pageSize=20')).json();
    expect(all.total).toBe(16);
    expect(all.pageCount).toBe(1);
    const defaults = (await get(alice, '/api/v1/statement')).json();
    expect(defaults).toMatchObject({ page: 0, pageSize: 5, total: 16, pageCount: 4 });
  });

  it('gives every row its own time and the balance after it', async () => {
    const all = (await get(alice, '/api/v1/statement?type=sent&pageSize=20')).json();
    const times = all.items.map((item: { createdAt: string }) => item.createdAt);
    expect(new Set(times).size).toBe(12);
    const balances = all.items.map((item: { balanceAfter: { amount: number } }) => item.balanceAfter.amount);
    expect(balances.at(-1)).toBe(100_000 - 100);
  });

  it.each(['pageSize=7', 'pageSize=0', 'page=-1', 'page=abc', 'type=everything', `page=${'9'.repeat(30)}`])('refuses ?%s with 400', async (query) => {
    const response = await get(alice, `/api/v1/statement?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it('shows each user only their own wallet', async () => {
    const carol = await signUp(t.app);
    const statement = (await get(carol, '/api/v1/statement?type=all')).json();
    expect(statement.total).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/statement' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/statement.csv', () => {
  it('exports the chosen list with Dhaka times, exact amounts and formulas defused', async () => {
    const response = await get(alice, '/api/v1/statement.csv?type=sent');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment; filename="poisha-statement-sent.csv"');
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Date (Asia/Dhaka),Type,Direction,Counterparty,Phone,Reference,Amount (USD),Balance after (USD)');
    expect(lines).toHaveLength(13);
    expect(lines[1]).toMatch(/^2026-11-21 \d\d:\d\d:\d\d,Transfer,Sent,"'=HYPERLINK\(""http:\/\/evil""\)",\+8801\d+,12,-12\.00,\d+\.\d\d$/);
    expect(lines[12]).toContain(',-1.00,999.00');
  });

  it('keeps to the dates asked for', async () => {
    const none = await get(alice, '/api/v1/statement.csv?type=all&from=2030-01-01');
    expect(none.body.trim().split('\r\n')).toHaveLength(1);
    const today = await get(alice, '/api/v1/statement.csv?type=all&from=2026-11-21&to=2026-11-21');
    expect(today.body.trim().split('\r\n')).toHaveLength(17);
    expect((await get(alice, '/api/v1/statement.csv?from=21-11-2026')).statusCode).toBe(400);
  });

  it.each(['from=0001-01-01', 'to=0000-01-01', 'from=1999-12-31', 'to=2100-01-01', 'from=9999-12-31', 'to=0001-01-01'])(
    'refuses a date outside 2000-01-01 to 2099-12-31 (%s) with 400 validation_failed',
    async (query) => {
      const response = await get(alice, `/api/v1/statement.csv?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'validation_failed', fields: { [query.split('=')[0]!]: 'Choose a date from 2000-01-01 to 2099-12-31' } });
    },
  );

  it('takes the first and last dates of that range', async () => {
    expect((await get(alice, '/api/v1/statement.csv?from=2000-01-01&to=2099-12-31')).statusCode).toBe(200);
  });

  it('refuses a start after the end with the same 400 as the summary and the PDF', async () => {
    const reversed = 'from=2026-11-22&to=2026-11-21';
    const answers = await Promise.all(
      ['/api/v1/statement.csv?type=all&', '/api/v1/statement/summary?', '/api/v1/statement.pdf?lang=en&'].map((path) => get(alice, `${path}${reversed}`)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toMatchObject({ code: 'validation_failed', fields: { to: 'The start date must not be after the end date' } });
    }
    expect((await get(alice, '/api/v1/statement.csv?from=2026-11-21&to=2026-11-21')).statusCode).toBe(200);
  });
});

describe('GET /api/v1/spending', () => {
  it('adds up the money sent this week, month and year, and by month', async () => {
    const summary = (await get(alice, '/api/v1/spending')).json();
    const sent = 7_800; // 1 + 2 + ... + 12 USD
    expect(summary.week).toEqual({ amount: sent, currency: 'USD' });
    expect(summary.month.amount).toBe(sent);
    expect(summary.year.amount).toBe(sent);
    expect(summary.months).toHaveLength(6);
    expect(summary.months.at(-1)).toEqual({ month: '2026-11', spent: { amount: sent, currency: 'USD' } });
    expect(summary.months[0].spent.amount).toBe(0);
    const fresh = (await get(await signUp(t.app), '/api/v1/spending')).json();
    expect(fresh.year.amount).toBe(0);
  });
});

describe('linked bank accounts', () => {
  it('are listed masked, copyable, unique per user and removable only by their owner', async () => {
    const user = await signUp(t.app);
    const link = (who: SignedUp, payload: Record<string, unknown>) => who.browser.request({ method: 'POST', url: '/api/v1/bank-accounts', payload });
    const created = await link(user, { bankId: 'dutch-bangla-bank', accountNumber: '12345678901234' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ bank: { id: 'dutch-bangla-bank', name: 'Dutch-Bangla Bank' }, accountNumber: '12345678901234', maskedNumber: '•••• 1234' });
    expect((await link(user, { bankId: 'dutch-bangla-bank', accountNumber: '12345678901234' })).statusCode).toBe(409);
    expect((await link(user, { bankId: 'dutch-bangla-bank', accountNumber: '123' })).json().error.fields.accountNumber).toBe('Please Type Minimum 12 Digit Account Number');
    expect((await link(user, { bankId: 'nope', accountNumber: '123456789012' })).json().error.fields.bankId).toBe('Please choose a bank');

    const list = (await get(user, '/api/v1/bank-accounts')).json();
    expect(list).toHaveLength(1);
    const stranger = await signUp(t.app);
    expect((await get(stranger, '/api/v1/bank-accounts')).json()).toEqual([]);
    expect((await stranger.browser.request({ method: 'DELETE', url: `/api/v1/bank-accounts/${list[0].id}` })).statusCode).toBe(404);
    expect((await user.browser.request({ method: 'DELETE', url: `/api/v1/bank-accounts/${list[0].id}` })).statusCode).toBe(204);
    expect((await get(user, '/api/v1/bank-accounts')).json()).toEqual([]);
  });
});
