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
    expect(codeRules).toMatchObject({ length: 6, ttlMs: 10 * MINUTE, attempts: 5, resendAfterMs: MINUTE, perTargetPerHour: 5, perTargetAllAccountsPerHour: 10 });
  });
});

describe('sendDecision: once a minute per number, 5 an hour per number and account, 10 an hour per number, all sliding', () => {
  const me = 'owner';
  const byMe = (...minutesAgo: number[]) => minutesAgo.map((minutes) => ({ atMs: now - minutes * MINUTE, userId: me }));
  const byOthers = (...minutesAgo: number[]) => minutesAgo.map((minutes, index) => ({ atMs: now - minutes * MINUTE, userId: `squatter-${index % 2}` }));

  it('allows the first code', () => {
    expect(sendDecision([], me, now)).toEqual({ allowed: true });
  });

  it('waits a minute after the last code, whoever it was for', () => {
    expect(sendDecision([{ atMs: now - 20_000, userId: me }], me, now)).toEqual({ allowed: false, retryAfterMs: 40_000 });
    expect(sendDecision([{ atMs: now - 20_000, userId: 'someone else' }], me, now)).toEqual({ allowed: false, retryAfterMs: 40_000 });
    expect(sendDecision(byMe(1), me, now)).toEqual({ allowed: true });
  });

  it("allows an account's fifth code in an hour and refuses its sixth until the oldest leaves the hour", () => {
    const four = byMe(50, 40, 30, 20);
    expect(sendDecision(four, me, now)).toEqual({ allowed: true });
    const five = [...four, ...byMe(10)];
    expect(sendDecision(five, me, now)).toEqual({ allowed: false, retryAfterMs: 10 * MINUTE });
    expect(sendDecision(five, me, now + 10 * MINUTE)).toEqual({ allowed: true });
  });

  it("leaves the owner a code when someone else's account has used its 5 on the number", () => {
    const squatter = byMe(50, 40, 30, 20, 10).map((code) => ({ ...code, userId: 'squatter' }));
    expect(sendDecision(squatter, 'squatter', now).allowed).toBe(false);
    expect(sendDecision(squatter, me, now)).toEqual({ allowed: true });
  });

  it('texts one number at most 10 times an hour, however many accounts ask', () => {
    const ten = byOthers(59, 55, 50, 45, 40, 35, 30, 25, 20, 15);
    expect(sendDecision(ten.slice(0, 9), me, now)).toEqual({ allowed: true });
    expect(sendDecision(ten, me, now)).toEqual({ allowed: false, retryAfterMs: MINUTE });
    expect(sendDecision(ten, me, now + MINUTE)).toEqual({ allowed: true });
  });

  it('has no window edge to slip through: 5 codes at the end of one clock hour hold the start of the next', () => {
    const lateInHour = [59, 58, 57, 56, 55].map((minutes) => ({ atMs: Date.parse('2026-11-28T09:00:00Z') + minutes * MINUTE, userId: me }));
    expect(sendDecision(lateInHour, me, Date.parse('2026-11-28T10:01:00Z')).allowed).toBe(false);
  });

  it('answers the longest of the waits', () => {
    const five = [...byMe(59, 40, 30, 20), { atMs: now - 10_000, userId: me }];
    expect(sendDecision(five, me, now)).toEqual({ allowed: false, retryAfterMs: MINUTE });
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
