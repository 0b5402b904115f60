import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type SignedUp } from '../../test/http-client.js';
import { createTestApp, testDatabase, type TestApp } from '../../test/test-app.js';
import { issueMonthlyStatements } from './monthly-statements.js';

let t: TestApp;
let early: SignedUp;
let late: SignedUp;
let earlyToken: string;

const at = (dhakaLocal: string) => Date.parse(`${dhakaLocal}+06:00`);
const setClock = (instant: number) => t.clock.advance(instant - t.clock());

async function logIn(user: SignedUp): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: user.password } });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

async function countRows(userId: string) {
  const statements = await t.db.kysely.selectFrom('monthly_statements').selectAll().where('user_id', '=', userId).execute();
  const notifications = await t.db.kysely.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('kind', '=', 'statement_ready').execute();
  return { statements, notifications };
}

beforeAll(async () => {
  t = await createTestApp({ env: { EMAIL_VERIFICATION: 'off' } });
  setClock(at('2026-10-10T12:00:00'));
  early = await signUp(t.app, { name: 'Early Bird' });
  // Signed up at 00:30 on 1 November in Dhaka (still 31 October in UTC): not a customer in October.
  setClock(at('2026-11-01T00:30:00'));
  late = await signUp(t.app, { name: 'Late Comer' });
});
afterAll(() => t.close());

describe(`monthly statements (${testDatabase})`, () => {
  it('issues nothing until the month has ended in Dhaka', async () => {
    await issueMonthlyStatements(t.db.kysely, at('2026-10-31T23:59:59'));
    const { statements } = await countRows(early.user.id);
    // On 31 October (Dhaka) the month before is September, when nobody here had an account.
    expect(statements).toEqual([]);
  });

  it('issues October once on 1 November, however many runs race for it', async () => {
    const firstOfNovember = at('2026-11-01T00:00:00');
    const issued = await Promise.all(Array.from({ length: 4 }, () => issueMonthlyStatements(t.db.kysely, firstOfNovember)));
    expect(issued.reduce((sum, count) => sum + count, 0)).toBe(1);
    await issueMonthlyStatements(t.db.kysely, firstOfNovember + 60 * 60 * 1000);

    const { statements, notifications } = await countRows(early.user.id);
    expect(statements.map((row) => row.month)).toEqual(['2026-10']);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ statement_month: '2026-10', read_at: null });
    expect((await countRows(late.user.id)).statements).toEqual([]);
  });

  it('lists the issued months with their dates and tells the owner', async () => {
    setClock(at('2026-12-01T00:05:00'));
    await issueMonthlyStatements(t.db.kysely, t.clock());
    earlyToken = await logIn(early);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/statements/monthly', headers: bearer(earlyToken) })).json();
    expect(list.items).toEqual([
      { month: '2026-11', from: '2026-11-01', to: '2026-11-30', issuedAt: new Date(at('2026-12-01T00:05:00')).toISOString() },
      { month: '2026-10', from: '2026-10-01', to: '2026-10-31', issuedAt: new Date(at('2026-11-01T00:00:00')).toISOString() },
    ]);
    const lateList = (await t.app.inject({ method: 'GET', url: '/api/v1/statements/monthly', headers: bearer(await logIn(late)) })).json();
    expect(lateList.items.map((item: { month: string }) => item.month)).toEqual(['2026-11']);

    const notifications = (await t.app.inject({ method: 'GET', url: '/api/v1/notifications?pageSize=20', headers: bearer(earlyToken) })).json();
    const ready = notifications.items.filter((item: { kind: string }) => item.kind === 'statement_ready');
    expect(ready.map((item: { statementMonth: string }) => item.statementMonth)).toEqual(['2026-11', '2026-10']);
    expect(ready[0]).toMatchObject({ amount: { amount: 0, currency: 'USD' }, read: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/statements/monthly' })).statusCode).toBe(401);
  });

  it('runs when the server starts, and a second instance on the same database adds nothing', async () => {
    const before = await countRows(early.user.id);
    // Another API instance, started on 1 January, on this test's database.
    const { buildApp } = await import('../../app.js');
    const second = await buildApp({ config: t.config, db: t.db, clock: () => at('2026-01-01T00:00:00') + 365 * 24 * 60 * 60 * 1000 });
    await second.ready();
    await second.close();
    const third = await buildApp({ config: t.config, db: t.db, clock: () => at('2027-01-01T00:00:00') });
    await third.ready();
    await third.close();
    const after = await countRows(early.user.id);
    expect(after.statements.map((row) => row.month).sort()).toEqual([...before.statements.map((row) => row.month), '2026-12'].sort());
    expect(after.notifications).toHaveLength(before.notifications.length + 1);
  });
});
