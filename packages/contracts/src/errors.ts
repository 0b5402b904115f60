import { z } from 'zod';

/**
 * Every error the API returns has this body. `code` is stable and machine-readable; `message` is
 * English text for people; `fields` maps a request field to what is wrong with it.
 */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Stable error codes, grouped by HTTP status. */
export const errorCodes = {
  validationFailed: 'validation_failed',
  invalidJson: 'invalid_json',
  unauthenticated: 'unauthenticated',
  invalidCredentials: 'invalid_credentials',
  csrfFailed: 'csrf_failed',
  notFound: 'not_found',
  emailTaken: 'email_taken',
  phoneTaken: 'phone_taken',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  invalidResetToken: 'invalid_reset_token',
  insufficientFunds: 'insufficient_funds',
  unknownRecipient: 'unknown_recipient',
  selfTransfer: 'self_transfer',
  idempotencyKeyReused: 'idempotency_key_reused',
  idempotencyKeyRequired: 'idempotency_key_required',
  cardDeclined: 'card_declined',
  cardInvalid: 'card_invalid',
  orderNotPayable: 'order_not_payable',
  balanceNotZero: 'balance_not_zero',
  bankAccountTaken: 'bank_account_taken',
  mailUnavailable: 'mail_unavailable',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
