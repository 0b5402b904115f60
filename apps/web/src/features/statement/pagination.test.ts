import { describe, expect, it } from 'vitest';
import { pageRange, pageSlots, parsePage } from './pagination';

describe('pageSlots', () => {
  it('shows every page when there are few', () => {
    expect(pageSlots(0, 0)).toEqual([]);
    expect(pageSlots(0, 1)).toEqual([0]);
    expect(pageSlots(2, 7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('puts gaps around the current page when there are many', () => {
    expect(pageSlots(10, 20)).toEqual([0, 'gap', 9, 10, 11, 'gap', 19]);
  });

  it('keeps the row the same length near either end', () => {
    expect(pageSlots(0, 20)).toEqual([0, 1, 2, 3, 4, 'gap', 19]);
    expect(pageSlots(3, 20)).toEqual([0, 1, 2, 3, 4, 'gap', 19]);
    expect(pageSlots(19, 20)).toEqual([0, 'gap', 15, 16, 17, 18, 19]);
    expect(pageSlots(16, 20)).toEqual([0, 'gap', 15, 16, 17, 18, 19]);
  });

  it('never hides a single page behind a gap', () => {
    for (let pageCount = 1; pageCount <= 30; pageCount += 1) {
      for (let current = 0; current < pageCount; current += 1) {
        const slots = pageSlots(current, pageCount);
        expect(slots).toContain(current);
        expect(slots[0]).toBe(0);
        expect(slots.at(-1)).toBe(pageCount - 1);
        expect(slots.length).toBeLessThanOrEqual(7);
        slots.forEach((slot, index) => {
          if (slot !== 'gap') return;
          const before = slots[index - 1] as number;
          const after = slots[index + 1] as number;
          expect(after - before).toBeGreaterThan(2);
        });
      }
    }
  });

  it('clamps a page beyond the end', () => {
    expect(pageSlots(50, 3)).toEqual([0, 1, 2]);
  });
});

describe('pageRange', () => {
  it('counts rows from 1', () => {
    expect(pageRange(0, 5, 12)).toEqual({ from: 1, to: 5 });
    expect(pageRange(2, 5, 12)).toEqual({ from: 11, to: 12 });
    expect(pageRange(3, 5, 12)).toBeNull();
    expect(pageRange(0, 5, 0)).toBeNull();
  });
});

describe('parsePage', () => {
  it('accepts whole numbers from 0 only', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(0);
    expect(parsePage('-1')).toBe(0);
    expect(parsePage('1.5')).toBe(0);
    expect(parsePage('abc')).toBe(0);
  });
});
