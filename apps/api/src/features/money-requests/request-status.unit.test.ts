import { REQUEST_LIFETIME_MS } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import { expiryOf, requestStatusAt } from './request-status.js';

const created = Date.parse('2026-11-21T09:00:00Z');
const expires = expiryOf(created);

describe('a money request’s status', () => {
  it('expires exactly seven days after it was made', () => {
    expect(expires).toBe('2026-11-28T09:00:00.000Z');
    expect(Date.parse(expires) - created).toBe(REQUEST_LIFETIME_MS);
  });

  it('is pending until the last millisecond, expired from the expiry on', () => {
    expect(requestStatusAt('pending', expires, created)).toBe('pending');
    expect(requestStatusAt('pending', expires, Date.parse(expires) - 1)).toBe('pending');
    expect(requestStatusAt('pending', expires, Date.parse(expires))).toBe('expired');
    expect(requestStatusAt('pending', expires, Date.parse(expires) + REQUEST_LIFETIME_MS)).toBe('expired');
  });

  it.each(['paid', 'declined', 'cancelled'] as const)('keeps a decision (%s) forever', (decided) => {
    expect(requestStatusAt(decided, expires, created)).toBe(decided);
    expect(requestStatusAt(decided, expires, Date.parse(expires) + 1)).toBe(decided);
  });
});
