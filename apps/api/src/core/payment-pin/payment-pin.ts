import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { PAYMENT_PIN_FIRST_BLOCK_SECONDS, PAYMENT_PIN_LATER_BLOCK_SECONDS, PAYMENT_PIN_TRIES } from '@poisha/contracts';

/**
 * The payment PIN's rules (decision 0042), pure. 100,000 PINs are too few for any slow hash to
 * protect: the protection is the key (a copy of the database without the server's secret cannot try
 * them offline) and the block after 3 wrong PINs in a row. One HMAC costs microseconds on the payment.
 */

/**
 * The PINs' hash key, derived from the server's secret (IDENTITY_HASH_SECRET), apart from every other
 * use of it. A KeyObject made once: an HMAC keyed by raw bytes imports the key on every call, 25 µs
 * of the payment's 3 (bench profile of 2026-11-28).
 */
export const paymentPinKey = (serverSecret: string): KeyObject => createSecretKey(createHmac('sha256', serverSecret).update('poisha payment pin v1').digest());

/** HMAC-SHA-256 of the PIN bound to its account: the same 5 digits hash differently for two people. */
export const hashPaymentPin = (key: KeyObject, userId: string, pin: string): string => createHmac('sha256', key).update(`${userId}:${pin}`).digest('hex');

/** Compared in constant time: the answer's timing says nothing about how close a guess was. */
export function paymentPinMatches(key: KeyObject, userId: string, pin: string, storedHash: string): boolean {
  const typed = Buffer.from(hashPaymentPin(key, userId, pin), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return typed.length === stored.length && timingSafeEqual(typed, stored);
}

/** Where an account's PIN stands: wrong PINs in a row, blocks so far, and the block in force. */
export interface PinTries {
  wrongInRow: number;
  blocks: number;
  blockedUntilMs: number | null;
}

/** The block in force at `nowMs`, or null once it has ended. */
export const activeBlockUntil = (tries: PinTries, nowMs: number): number | null =>
  tries.blockedUntilMs !== null && tries.blockedUntilMs > nowMs ? tries.blockedUntilMs : null;

/** Wrong PINs the account may still type before payments are blocked. */
export const triesLeft = (tries: PinTries): number => Math.max(0, PAYMENT_PIN_TRIES - tries.wrongInRow);

/**
 * After a wrong PIN: the third in a row blocks payments, for an hour the first time and a day every
 * later time (until the PIN is set again), and starts a new count of three.
 */
export function afterWrongPin(tries: PinTries, nowMs: number): { tries: PinTries; blocked: boolean } {
  const wrongInRow = tries.wrongInRow + 1;
  if (wrongInRow < PAYMENT_PIN_TRIES) return { tries: { ...tries, wrongInRow }, blocked: false };
  const seconds = tries.blocks === 0 ? PAYMENT_PIN_FIRST_BLOCK_SECONDS : PAYMENT_PIN_LATER_BLOCK_SECONDS;
  return { tries: { wrongInRow: 0, blocks: tries.blocks + 1, blockedUntilMs: nowMs + seconds * 1000 }, blocked: true };
}
