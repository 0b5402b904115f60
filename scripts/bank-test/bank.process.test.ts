import { describe, expect, it } from 'vitest';
import { postgresServerUrl } from '../../apps/api/src/test/server-process.js';
import { formatReport, runBankTest, type BankTestOptions } from './bank-test.js';

/**
 * The short form of the bank test (docs/bank-test.md): a few hundred transfers with two SIGKILLs,
 * on SQLite, on PostgreSQL, and on PostgreSQL with two instances killed in turn; and with the
 * API's PostgreSQL connections cut twice. The long form is `npm run test:bank` (which also restarts
 * PostgreSQL and fills SQLite's disk: not here, where other tests share the server and no root is
 * assumed).
 */
const shortForm = { wallets: 6, clients: 6, kills: 2, transfers: 240, maxSeconds: 150, postgresUrl: postgresServerUrl() } as const;

async function expectNoAnomaly(options: Pick<BankTestOptions, 'db' | 'instances' | 'fault'>) {
  const report = await runBankTest({ ...shortForm, ...options });
  const text = formatReport(report);
  expect(report.attempted, text).toBe(shortForm.transfers);
  expect(report.acknowledged + report.rejected, text).toBe(shortForm.transfers);
  expect(report.kills, text).toBe(shortForm.kills);
  expect(report.checks.filter((check) => check.anomalies.length > 0).map((check) => check.name), text).toEqual([]);
  expect(report.anomalies, text).toBe(0);
}

describe('the bank test, short form', () => {
  it('conserves money and keeps every acknowledged transfer through SIGKILLs on SQLite', () => expectNoAnomaly({ db: 'sqlite', instances: 1 }));

  it('conserves money and keeps every acknowledged transfer through SIGKILLs on PostgreSQL', () => expectNoAnomaly({ db: 'postgres', instances: 1 }));

  it('does the same with two instances on one PostgreSQL database, killed in turn', () => expectNoAnomaly({ db: 'postgres', instances: 2 }));

  it('does the same on PostgreSQL when the database ends the API’s connections in the middle of the load', () => expectNoAnomaly({ db: 'postgres', instances: 1, fault: 'cut' }));
});
