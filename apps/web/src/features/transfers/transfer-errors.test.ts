import { describe, expect, it } from 'vitest';
import { ApiError, clientErrorCodes } from '../../lib/api-client';
import { transferProblems } from './transfer-errors';

describe('transferProblems', () => {
  it('puts an unknown or own number under the receiver field, in the server’s words', () => {
    expect(transferProblems(new ApiError(404, 'unknown_recipient', 'No Poisha wallet has this number'))).toEqual([
      { kind: 'field', field: 'receiverNumber', message: 'No Poisha wallet has this number', translate: true },
    ]);
    expect(transferProblems(new ApiError(422, 'unknown_recipient', 'No wallet', { to: 'No wallet' }))).toHaveLength(1);
    expect(transferProblems(new ApiError(422, 'self_transfer', 'You cannot send money to yourself'))[0]).toMatchObject({ field: 'receiverNumber', translate: true });
  });

  it('falls back to the app’s own sentence when the server sent none', () => {
    expect(transferProblems(new ApiError(422, 'self_transfer', ''))).toEqual([{ kind: 'field', field: 'receiverNumber', message: 'errors.selfTransfer', translate: false }]);
  });

  it('keeps the server’s message for a low balance', () => {
    expect(transferProblems(new ApiError(422, 'insufficient_funds', 'Your balance is too low'))).toEqual([{ kind: 'insufficientFunds', message: 'Your balance is too low' }]);
  });

  it('maps request fields to form fields', () => {
    const error = new ApiError(400, 'validation_failed', 'Some fields are not valid', { to: 'Enter a valid phone number', amount: 'Amount is too large', other: 'x' });
    expect(transferProblems(error)).toEqual([
      { kind: 'field', field: 'receiverNumber', message: 'Enter a valid phone number', translate: true },
      { kind: 'field', field: 'sendAmount', message: 'Amount is too large', translate: true },
    ]);
  });

  it('leaves everything else to a general message', () => {
    expect(transferProblems(new ApiError(0, clientErrorCodes.network, 'offline'))).toEqual([{ kind: 'other' }]);
    expect(transferProblems(new Error('boom'))).toEqual([{ kind: 'other' }]);
  });
});
