import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '@poisha/contracts';

/**
 * Two-step sign-in's rules (decision 0044), pure. Codes are RFC 6238 TOTP as every authenticator
 * app reads them (SHA-1, 6 digits, 30 seconds), by the maintained `otpauth` library; one step
 * either side of now is accepted for a phone whose clock drifts.
 */
const PERIOD_SECONDS = 30;
const ISSUER = 'Poisha';

/** Two keys from the server's secret: one seals TOTP secrets, one hashes recovery codes. */
export function twoStepKeys(serverSecret: string) {
  const derive = (use: string) => createHmac('sha256', serverSecret).update(`poisha two-step ${use} v1`).digest();
  return { sealKey: derive('secret seal'), hashKey: derive('recovery codes') };
}
export type TwoStepKeys = ReturnType<typeof twoStepKeys>;

/** A new 160-bit secret, in base32 as apps and people type it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });

/** The otpauth:// link an authenticator app reads from the QR code. */
export const otpauthUri = (secretBase32: string, label: string): string => totpOf(secretBase32, label).toString();

/** The code an app shows at `nowMs` (tests, and the web tests' stand-in for a phone). */
export const totpCodeAt = (secretBase32: string, nowMs: number): string => totpOf(secretBase32, 'code').generate({ timestamp: nowMs });

/** The 30-second step `code` belongs to, if it is the app's code for a step next to now; else null. */
export function matchingStep(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secretBase32, 'check').validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

/** AES-256-GCM with a fresh IV: the stored form of a secret the server must read back to check codes. */
export function sealSecret(key: Buffer, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64')).join('.');
}

export function unsealSecret(key: Buffer, stored: string): string {
  const [iv, sealed, tag] = stored.split('.').map((part) => Buffer.from(part, 'base64'));
  if (!iv || !sealed || !tag) throw new Error('a sealed two-step secret has three parts');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}

/** Letters and digits nobody misreads (no 0/O, 1/I/L): 32 of them, 5 bits a character. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 10 recovery codes of 10 characters (50 bits each), shown as `K7QX-M2RA-9P`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const characters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${characters.slice(0, 4)}-${characters.slice(4, 8)}-${characters.slice(8)}`;
  });
}

/** The keyed hash a recovery code is kept as, from its typed form (any case, dashes and spaces dropped). */
export const hashRecoveryCode = (key: Buffer, userId: string, code: string): string =>
  createHmac('sha256', key).update(`${userId}:${code.replace(/[\s-]+/g, '').toUpperCase()}`).digest('hex');

/** A typed code is the app's 6 digits, or else a recovery code. */
export const isAppCode = (code: string): boolean => /^\d{6}$/.test(code);

