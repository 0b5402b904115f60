import { errorBodySchema } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import { parseErrorBody } from './api-client';

describe('api-client', () => {
  it('reads an error body exactly as the contract’s schema does', () => {
    const samples: unknown[] = [
      { error: { code: 'unauthenticated', message: 'Sign in first' } },
      { error: { code: 'validation_failed', message: 'Some fields are not valid', fields: { email: 'Enter a valid email' } } },
      { error: { code: 'validation_failed', message: 'x', fields: {} } },
      { error: { code: 'x', message: 'y', extra: true }, other: 1 },
      { error: { code: 'x', message: 'y', fields: { amount: 5 } } },
      { error: { code: 'x', message: 'y', fields: ['a'] } },
      { error: { code: 'x', message: 'y', fields: null } },
      { error: { code: 1, message: 'y' } },
      { error: { code: 'x' } },
      { error: 'x' },
      { error: null },
      { message: 'no error key' },
      [],
      'text',
      null,
      undefined,
    ];
    for (const sample of samples) {
      const expected = errorBodySchema.safeParse(sample);
      expect(parseErrorBody(sample), JSON.stringify(sample)).toEqual(expected.success ? expected.data.error : null);
    }
  });
});
