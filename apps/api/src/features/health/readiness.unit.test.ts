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
