import { describe, expect, it } from 'vitest';
import { previousDhakaMonth, statementMonth } from './monthly-statements.js';

describe('previousDhakaMonth', () => {
  it('turns at midnight in Dhaka, six hours before UTC', () => {
    expect(previousDhakaMonth(Date.parse('2026-11-30T17:59:59.999Z')).month).toBe('2026-10');
    expect(previousDhakaMonth(Date.parse('2026-11-30T18:00:00.000Z')).month).toBe('2026-11');
  });

  it('goes back over a new year', () => {
    expect(previousDhakaMonth(Date.parse('2027-01-01T00:00:00+06:00'))).toMatchObject({ month: '2026-12', from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('statementMonth', () => {
  it('covers the whole month in Dhaka, leap days included', () => {
    expect(statementMonth('2028-02')).toEqual({
      month: '2028-02',
      from: '2028-02-01',
      to: '2028-02-29',
      start: Date.parse('2028-02-01T00:00:00+06:00'),
      end: Date.parse('2028-03-01T00:00:00+06:00'),
    });
  });
});
