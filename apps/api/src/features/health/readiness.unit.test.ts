import { describe, expect, it } from 'vitest';
import { answersWithin, createReadiness } from './readiness.js';

describe('readiness', () => {
  it('goes starting → ready → stopping, and never back to ready once stopping', () => {
    const readiness = createReadiness('starting');
    expect(readiness.state).toBe('starting');
    readiness.markReady();
    expect(readiness.state).toBe('ready');
    readiness.markStopping();
    readiness.markReady();
    expect(readiness.state).toBe('stopping');
  });

  it('answersWithin passes an answer through and fails a query that hangs', async () => {
    await expect(answersWithin(Promise.resolve(7), 50)).resolves.toBe(7);
    await expect(answersWithin(new Promise(() => {}), 30)).rejects.toThrow('no answer within 30 ms');
  });
});

describe('whenReady', () => {
  it('settles once the process is marked ready, and at once for a process made ready', async () => {
    const readiness = createReadiness('starting');
    let settled = false;
    void readiness.whenReady.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    readiness.markReady();
    await readiness.whenReady;
    expect(settled).toBe(true);
    await expect(createReadiness().whenReady).resolves.toBeUndefined();
  });
});
