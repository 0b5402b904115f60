import { describe, expect, it } from 'vitest';
import { parseSafeInteger } from './database.js';
import { uniqueViolationColumn } from './errors.js';

describe('database helpers', () => {
  it('read 64-bit integers only while they are exact', () => {
    expect(parseSafeInteger('123456789012')).toBe(123456789012);
    expect(parseSafeInteger('-5')).toBe(-5);
    expect(() => parseSafeInteger('9007199254740993')).toThrow(/safe range/);
  });

  it('name the column of a unique violation on both databases', () => {
    expect(uniqueViolationColumn({ code: '23505', detail: 'Key (email)=(a@b.c) already exists.' })).toBe('email');
    expect(uniqueViolationColumn({ code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'UNIQUE constraint failed: users.phone' })).toBe('phone');
    expect(uniqueViolationColumn(new Error('other'))).toBeNull();
    expect(uniqueViolationColumn(null)).toBeNull();
  });
});
