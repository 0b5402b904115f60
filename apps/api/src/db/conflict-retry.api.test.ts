import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/http-client.js';
import { createTestApp, testDatabase, type TestApp } from '../test/test-app.js';
import { callingOutside, runTransaction } from './conflict-retry.js';
import type { Database } from './schema.js';

let t: TestApp;
let walletIds: [string, string];
beforeAll(async () => {
  t = await createTestApp();
  const users = await Promise.all([signUp(t.app), signUp(t.app)]);
  const rows = await t.db.kysely.selectFrom('accounts').select('id').where('user_id', 'in', users.map((user) => user.user.id)).orderBy('id').execute();
  walletIds = [rows[0]!.id, rows[1]!.id];
});
afterAll(() => t.close());

const lockRow = (trx: Transaction<Database>, id: string) => sql`update accounts set balance = balance where id = ${id}`.execute(trx);

/**
 * Two transaction bodies that lock the two wallets in opposite orders, each waiting for the other
 * to hold its first row: PostgreSQL must give one of them up (40P01).
 */
function crossedBodies(options: { outsideCall?: boolean } = {}) {
  const runs = [0, 0];
  let arrived = 0;
  let bothHoldOne!: () => void;
  const meeting = new Promise<void>((resolve) => (bothHoldOne = resolve));
  const body = (side: 0 | 1) => async (trx: Transaction<Database>) => {
    runs[side]! += 1;
    await lockRow(trx, walletIds[side]);
    if (options.outsideCall) callingOutside();
    arrived += 1;
    if (arrived === 2) bothHoldOne();
    await meeting;
    await lockRow(trx, walletIds[1 - side]!);
    return side;
  };
  return { body, runs };
}

describe.runIf(testDatabase === 'postgres')('a transaction given up in a deadlock (PostgreSQL)', () => {
  it('is run again by the movement runner and both movements go through', async () => {
    const { body, runs } = crossedBodies();
    await expect(Promise.all([t.db.movementTransaction(body(0)), t.db.movementTransaction(body(1))])).resolves.toEqual([0, 1]);
    expect(runs[0]! + runs[1]!).toBe(3);
  });

  it('is run again by runTransaction', async () => {
    const { body, runs } = crossedBodies();
    await expect(Promise.all([runTransaction(t.db.kysely, body(0)), runTransaction(t.db.kysely, body(1))])).resolves.toEqual([0, 1]);
    expect(runs[0]! + runs[1]!).toBe(3);
  });

  it('is not run again once its body called an outside party: the conflict reaches the caller', async () => {
    const { body, runs } = crossedBodies({ outsideCall: true });
    const outcomes = await Promise.allSettled([t.db.movementTransaction(body(0)), t.db.movementTransaction(body(1))]);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome.reason as { code?: string }).code)).toEqual(['40P01']);
    expect(runs[0]! + runs[1]!).toBe(2);
  });
});
