import { describe, expect, it } from 'vitest';
import { createTimeOrderedUuid } from './time-ordered-uuid.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const msOf = (id: string) => parseInt(id.replaceAll('-', '').slice(0, 12), 16);

describe('time-ordered UUIDs (version 7)', () => {
  it('are UUIDs of version 7 and the RFC variant, carrying the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 27, 9, 30);
    const id = createTimeOrderedUuid(() => at)();
    expect(id).toMatch(UUID_V7);
    expect(msOf(id)).toBe(at);
  });

  it('sort as text in the order they were made, within one millisecond and across many', () => {
    let clock = 1_700_000_000_000;
    const next = createTimeOrderedUuid(() => clock);
    const ids: string[] = [];
    for (let i = 0; i < 20_000; i += 1) {
      if (i % 5_000 === 0) clock += 1; // 5,000 in one millisecond: past the counter's 12 bits
      ids.push(next());
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(UUID_V7);
  });

  it('stay in order when the clock steps back', () => {
    let clock = 1_700_000_000_000;
    const next = createTimeOrderedUuid(() => clock);
    const before = next();
    clock -= 60_000;
    const after = next();
    expect(after > before).toBe(true);
    expect(msOf(after)).toBe(msOf(before));
  });

  it('differ in their random bits between two makers at the same millisecond', () => {
    const at = () => 1_700_000_000_000;
    const [a, b] = [createTimeOrderedUuid(at)(), createTimeOrderedUuid(at)()];
    expect(a.slice(19)).not.toBe(b.slice(19));
  });
});
