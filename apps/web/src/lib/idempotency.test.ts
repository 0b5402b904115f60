import { describe, expect, it } from 'vitest';
import { ApiError, clientErrorCodes } from './api-client';
import { IdempotencyKeys, newIdempotencyKey, outcomeUnknown } from './idempotency';

function counter() {
  let next = 0;
  return () => `key-${(next += 1)}`;
}

describe('IdempotencyKeys', () => {
  it('reuses the key when the same submission is retried after no answer', () => {
    const keys = new IdempotencyKeys(counter());
    const body = { amount: 50000, reference: '1' };
    expect(keys.keyFor(body)).toBe('key-1');
    keys.settle(new ApiError(0, clientErrorCodes.network, 'offline'));
    expect(keys.keyFor({ ...body })).toBe('key-1');
    keys.settle(new ApiError(503, 'internal_error', 'down'));
    expect(keys.keyFor(body)).toBe('key-1');
  });

  it('makes a new key once the server has answered', () => {
    const keys = new IdempotencyKeys(counter());
    const body = { amount: 50000 };
    expect(keys.keyFor(body)).toBe('key-1');
    keys.settle();
    expect(keys.keyFor(body)).toBe('key-2');
    keys.settle(new ApiError(422, 'card_declined', 'declined'));
    expect(keys.keyFor(body)).toBe('key-3');
  });

  it('sends a request with the key and settles it by the outcome', async () => {
    const keys = new IdempotencyKeys(counter());
    const body = { amount: 50000 };
    // No answer, then a server failure: the same submission again, with the same key.
    await expect(keys.send(body, (key) => Promise.reject(new ApiError(0, clientErrorCodes.network, key)))).rejects.toThrow('key-1');
    await expect(keys.send(body, (key) => Promise.reject(new ApiError(503, 'internal_error', key)))).rejects.toThrow('key-1');
    // Answered (accepted, then refused): each next submission has a key of its own.
    await expect(keys.send(body, (key) => Promise.resolve(key))).resolves.toBe('key-1');
    await expect(keys.send(body, (key) => Promise.reject(new ApiError(422, 'card_declined', key)))).rejects.toThrow('key-2');
    await expect(keys.send(body, (key) => Promise.resolve(key))).resolves.toBe('key-3');
  });

  it('keeps the key after a wrong payment PIN, which the server refuses before the key is used', async () => {
    const keys = new IdempotencyKeys(counter());
    const payment = { to: '+8801712345678', amount: 500, reference: 'rent' };
    const wrongPin = new ApiError(422, 'wrong_payment_pin', 'This PIN is not right', { pin: 'This PIN is not right' });
    await expect(keys.send(payment, (key) => Promise.reject(new ApiError(wrongPin.status, wrongPin.code, key)))).rejects.toThrow('key-1');
    await expect(keys.send(payment, (key) => Promise.resolve(key))).resolves.toBe('key-1');
    // Blocked, or no PIN: the payment was refused for good, and the next one has a key of its own.
    await expect(keys.send(payment, (key) => Promise.reject(new ApiError(403, 'payment_pin_blocked', key)))).rejects.toThrow('key-2');
    await expect(keys.send(payment, (key) => Promise.reject(new ApiError(422, 'payment_pin_not_set', key)))).rejects.toThrow('key-3');
    expect(keys.keyFor(payment)).toBe('key-4');
  });

  it('keeps the key after a passkey the server did not accept, so the same payment is approved again', async () => {
    const keys = new IdempotencyKeys(counter());
    const payment = { to: '+8801712345678', amount: 500, reference: 'rent' };
    await expect(keys.send(payment, (key) => Promise.reject(new ApiError(422, 'passkey_not_accepted', key)))).rejects.toThrow('key-1');
    // Approved again (another passkey prompt, or the PIN): the same key.
    await expect(keys.send(payment, (key) => Promise.resolve(key))).resolves.toBe('key-1');
    expect(keys.keyFor(payment)).toBe('key-2');
  });

  it('makes a new key when the body changes', () => {
    const keys = new IdempotencyKeys(counter());
    expect(keys.keyFor({ amount: 1 })).toBe('key-1');
    keys.settle(new ApiError(0, clientErrorCodes.network, 'offline'));
    expect(keys.keyFor({ amount: 2 })).toBe('key-2');
  });
});

describe('outcomeUnknown', () => {
  it('is true only when the server may not have answered', () => {
    expect(outcomeUnknown(new ApiError(0, clientErrorCodes.network, ''))).toBe(true);
    expect(outcomeUnknown(new ApiError(500, 'internal_error', ''))).toBe(true);
    expect(outcomeUnknown(new TypeError('boom'))).toBe(true);
    expect(outcomeUnknown(new ApiError(400, 'validation_failed', ''))).toBe(false);
    expect(outcomeUnknown(new ApiError(422, 'idempotency_key_reused', ''))).toBe(false);
  });
});

describe('newIdempotencyKey', () => {
  it('makes distinct keys the server accepts (1 to 255 characters)', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(newIdempotencyKey()).not.toBe(first);
  });
});
