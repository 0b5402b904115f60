import { describe, expect, it } from 'vitest';
import { findControlCharacters } from './control-characters.js';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F]/;

describe('finding control characters', () => {
  it('names the field that holds them, values and keys alike', () => {
    expect(findControlCharacters({ a: 'ok', b: [{ c: 'x\u0000' }] }, CONTROL)).toBe('b.0.c');
    expect(findControlCharacters({ a: { 'k\u0001': 1 } }, CONTROL)).toBe('a.k?');
    expect(findControlCharacters('\u0007', CONTROL)).toBe('');
    expect(findControlCharacters({ a: 'fine', n: 1, z: null }, CONTROL)).toBeNull();
  });

  it('walks a deeply nested body without running out of stack or memory', () => {
    let deep: unknown = 'bell\u0007';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    const started = performance.now();
    expect(findControlCharacters(deep, CONTROL)?.split('.')).toHaveLength(100_000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
