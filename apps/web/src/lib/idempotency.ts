import { errorCodes } from '@poisha/contracts';
import { useState } from 'react';
import { clientErrorCodes, isApiError } from './api-client';

/** A new random key: crypto.randomUUID where the browser offers it (secure contexts), else the same from getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** True when a failed call may or may not have reached the server's ledger, so a retry must reuse its key. */
export function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.code === clientErrorCodes.network || error.code === clientErrorCodes.invalidResponse || error.status >= 500;
}

/**
 * True when the server answered without using the key: a wrong payment PIN, or a passkey it did not
 * accept (decision 0045), is refused before the payment claims it, so the same payment is sent again
 * with the same key and a new approval (the corrected PIN, another passkey prompt, or the PIN).
 */
export function keyLeftUnused(error: unknown): boolean {
  return isApiError(error) && (error.code === errorCodes.wrongPaymentPin || error.code === errorCodes.passkeyNotAccepted);
}

/**
 * The Idempotency-Key of one submission. The client makes the key, keeps it while the outcome is
 * unknown (no answer, a server failure) and sends the same key when the same submission is tried
 * again, so the server moves the money at most once. Once the server has answered, the submission is
 * over and the next one gets a new key, even with the same body (two equal deposits are two deposits),
 * unless the answer left the key unused (a wrong PIN). The body a key is kept for never holds the PIN:
 * a payment whose PIN is typed again is the same payment.
 */
export class IdempotencyKeys {
  private pending: { fingerprint: string; key: string } | null = null;

  constructor(private readonly makeKey: () => string = newIdempotencyKey) {}

  /** The key for a request with this body: the kept one when it retries the same submission, otherwise a new one. */
  keyFor(body: unknown): string {
    const fingerprint = JSON.stringify(body);
    if (this.pending?.fingerprint !== fingerprint) this.pending = { fingerprint, key: this.makeKey() };
    return this.pending.key;
  }

  /** Call when the request ended: with no error or with an answer that used the key, the key is dropped. */
  settle(error?: unknown): void {
    if (error !== undefined && (outcomeUnknown(error) || keyLeftUnused(error))) return;
    this.pending = null;
  }

  /** Makes one request of this submission with its key, and settles the key by how it ended. */
  async send<T>(body: unknown, request: (idempotencyKey: string) => Promise<T>): Promise<T> {
    const idempotencyKey = this.keyFor(body);
    try {
      const answer = await request(idempotencyKey);
      this.settle();
      return answer;
    } catch (error) {
      this.settle(error);
      throw error;
    }
  }
}

/** One IdempotencyKeys for the lifetime of a form. */
export function useIdempotencyKeys(): IdempotencyKeys {
  const [keys] = useState(() => new IdempotencyKeys());
  return keys;
}
