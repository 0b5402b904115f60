import { describe, expect, it } from 'vitest';
import { backoffMs, callingOutside, retryOnConflict, TRANSACTION_TRIES } from './conflict-retry.js';

const conflict = (code: string) => Object.assign(new Error(`conflict ${code}`), { code });
const noSleep = async () => {};

/** A transaction that fails with the given errors first, then answers 'done'; counts its runs. */
function failingFirst(...errors: unknown[]) {
  let runs = 0;
  const transaction = async () => {
    runs += 1;
    const error = errors[runs - 1];
    if (error) throw error;
    return 'done';
  };
  return { transaction, runs: () => runs };
}

describe('retryOnConflict', () => {
  it.each(['40P01', '40001'])('runs a transaction again after %s', async (code) => {
    const { transaction, runs } = failingFirst(conflict(code), conflict(code));
    await expect(retryOnConflict(transaction, { sleep: noSleep })).resolves.toBe('done');
    expect(runs()).toBe(3);
  });

  it(`gives up after ${TRANSACTION_TRIES} runs and hands the conflict on`, async () => {
    const { transaction, runs } = failingFirst(...Array.from({ length: 10 }, () => conflict('40P01')));
    await expect(retryOnConflict(transaction, { sleep: noSleep })).rejects.toMatchObject({ code: '40P01' });
    expect(runs()).toBe(TRANSACTION_TRIES);
  });

  it('never runs again for other errors (a unique violation, a refusal)', async () => {
    const { transaction, runs } = failingFirst(conflict('23505'));
    await expect(retryOnConflict(transaction, { sleep: noSleep })).rejects.toMatchObject({ code: '23505' });
    expect(runs()).toBe(1);
  });

  it('never runs a body again once it called an outside party', async () => {
    let runs = 0;
    const transaction = async () => {
      runs += 1;
      await Promise.resolve();
      callingOutside();
      throw conflict('40P01');
    };
    await expect(retryOnConflict(transaction, { sleep: noSleep })).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(1);
  });

  it('waits longer each time, spread around a doubling base', async () => {
    const waits: number[] = [];
    const { transaction } = failingFirst(conflict('40P01'), conflict('40P01'), conflict('40P01'));
    await retryOnConflict(transaction, { sleep: async (ms) => void waits.push(ms) });
    expect(waits).toHaveLength(3);
    expect([backoffMs(1, () => 0), backoffMs(1, () => 0.999)]).toEqual([5, expect.closeTo(14.99, 2)]);
    expect([backoffMs(3, () => 0), backoffMs(3, () => 0.5)]).toEqual([20, 40]);
    waits.forEach((ms, index) => expect(ms).toBeGreaterThanOrEqual(backoffMs(index + 1, () => 0)));
  });
});
