import { describe, expect, it } from 'vitest';
import { phoneCodeSchema } from '@poisha/contracts';
import { codeRules, hashOneTimeCode, newOneTimeCode, oneTimeCodeKey, oneTimeCodeMatches, sendDecision, whyNoLiveCode } from './one-time-codes.js';

const MINUTE = 60_000;
const now = Date.parse('2026-11-28T10:00:00Z');

describe('one-time codes', () => {
  it('are 6 random digits, leading zeros kept', () => {
    const codes = Array.from({ length: 2000 }, () => newOneTimeCode());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1900);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('are kept as a keyed hash bound to the code row, compared in constant time', () => {
    const key = oneTimeCodeKey('a-server-secret-of-thirty-two-characters');
    const hash = hashOneTimeCode(key, 'code-1', '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(oneTimeCodeMatches(key, 'code-1', '123456', hash)).toBe(true);
    expect(oneTimeCodeMatches(key, 'code-1', '123457', hash)).toBe(false);
    // Another row, or another secret, gives another hash for the same digits.
    expect(hashOneTimeCode(key, 'code-2', '123456')).not.toBe(hash);
    expect(oneTimeCodeMatches(oneTimeCodeKey('another-server-secret-of-32-characters'), 'code-1', '123456', hash)).toBe(false);
    expect(oneTimeCodeMatches(key, 'code-1', '123456', 'not-hex')).toBe(false);
  });

  it('live 10 minutes, take 5 tries', () => {
    expect(codeRules).toMatchObject({ length: 6, ttlMs: 10 * MINUTE, attempts: 5, resendAfterMs: MINUTE, perTargetPerHour: 5 });
  });
});

describe('sendDecision: once a minute and 5 an hour per number, both sliding', () => {
  it('allows the first code', () => {
    expect(sendDecision([], now)).toEqual({ allowed: true });
  });

  it('waits a minute after the last code', () => {
    expect(sendDecision([now - 20_000], now)).toEqual({ allowed: false, retryAfterMs: 40_000 });
    expect(sendDecision([now - MINUTE], now)).toEqual({ allowed: true });
  });

  it('allows the fifth code in an hour and refuses the sixth until the oldest leaves the hour', () => {
    const four = [50, 40, 30, 20].map((minutes) => now - minutes * MINUTE);
    expect(sendDecision(four, now)).toEqual({ allowed: true });
    const five = [...four, now - 10 * MINUTE];
    expect(sendDecision(five, now)).toEqual({ allowed: false, retryAfterMs: 10 * MINUTE });
    expect(sendDecision(five, now + 10 * MINUTE)).toEqual({ allowed: true });
  });

  it('has no window edge to slip through: 5 codes at the end of one clock hour hold the start of the next', () => {
    const lateInHour = [59, 58, 57, 56, 55].map((minutes) => Date.parse('2026-11-28T09:00:00Z') + minutes * MINUTE);
    expect(sendDecision(lateInHour, Date.parse('2026-11-28T10:01:00Z')).allowed).toBe(false);
  });

  it('answers the longer of the two waits', () => {
    const five = [59, 40, 30, 20].map((minutes) => now - minutes * MINUTE).concat(now - 10_000);
    expect(sendDecision(five, now)).toEqual({ allowed: false, retryAfterMs: MINUTE });
  });
});

describe('whyNoLiveCode', () => {
  const live = { used_at: null, expires_at: new Date(now + MINUTE).toISOString(), attempts: 0 };
  it('tells none, expired and exhausted apart', () => {
    expect(whyNoLiveCode(undefined, now)).toBe('none');
    expect(whyNoLiveCode({ ...live, used_at: new Date(now).toISOString() }, now)).toBe('none');
    expect(whyNoLiveCode({ ...live, expires_at: new Date(now).toISOString() }, now)).toBe('expired');
    expect(whyNoLiveCode({ ...live, attempts: 5 }, now)).toBe('exhausted');
  });
});

describe('phoneCodeSchema', () => {
  it('reads Latin and Bangla digits, spaces and dashes dropped', () => {
    expect(phoneCodeSchema.parse('123456')).toBe('123456');
    expect(phoneCodeSchema.parse('১২৩ ৪৫৬')).toBe('123456');
    expect(phoneCodeSchema.parse(' 012-345 ')).toBe('012345');
  });

  it('refuses anything but 6 digits', () => {
    for (const typed of ['', '12345', '1234567', '12a456', '١٢٣٤٥٦']) expect(phoneCodeSchema.safeParse(typed).success).toBe(false);
  });
});
