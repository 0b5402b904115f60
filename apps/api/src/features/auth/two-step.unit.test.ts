import { describe, expect, it } from 'vitest';
import { twoStepCodeSchema } from '@poisha/contracts';
import { hashRecoveryCode, isAppCode, matchingStep, newRecoveryCodes, newTotpSecret, sealSecret, totpCodeAt, twoStepKeys, unsealSecret } from './two-step.js';

// RFC 6238, appendix B: the SHA-1 secret "12345678901234567890", read as 6 digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const keys = twoStepKeys('a server secret of at least thirty-two characters');

describe('TOTP codes', () => {
  it('are the RFC 6238 test vectors', () => {
    expect(totpCodeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
    expect(totpCodeAt(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('match their own 30-second step and the ones either side, not further', () => {
    const now = 1_234_567_890_000;
    const step = Math.floor(now / 30_000);
    expect(matchingStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now), now)).toBe(step);
    expect(matchingStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 90_000), now)).toBeNull();
  });
});

describe('secrets and recovery codes', () => {
  it('seal a secret so that only the key opens it, with a new IV each time', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const sealed = sealSecret(keys.sealKey, secret);
    expect(sealed).not.toContain(secret);
    expect(sealSecret(keys.sealKey, secret)).not.toBe(sealed);
    expect(unsealSecret(keys.sealKey, sealed)).toBe(secret);
    expect(() => unsealSecret(twoStepKeys('another server secret, also of thirty-two characters').sealKey, sealed)).toThrow();
  });

  it('makes 10 different recovery codes people can read out, hashed per account from what they type', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{2}$/);
    const typed = twoStepCodeSchema.parse(codes[0]!.toLowerCase().replaceAll('-', ' '));
    expect(isAppCode(typed)).toBe(false);
    expect(hashRecoveryCode(keys.hashKey, 'user-1', typed)).toBe(hashRecoveryCode(keys.hashKey, 'user-1', codes[0]!));
    expect(hashRecoveryCode(keys.hashKey, 'user-2', codes[0]!)).not.toBe(hashRecoveryCode(keys.hashKey, 'user-1', codes[0]!));
  });

  it('reads an app code typed with Bangla digits and spaces', () => {
    expect(twoStepCodeSchema.parse('২৮৭ ০৮২')).toBe('287082');
    expect(isAppCode('287082')).toBe(true);
  });
});
