// Plain numbers with no schema library behind them, so any page can import them cheaply.

export const CURRENCY = 'USD';
export const CENTS_PER_DOLLAR = 100;

/** Every new wallet starts with 1000 USD, paid from the welcome-bonus treasury. */
export const WELCOME_BONUS_CENTS = 1000 * CENTS_PER_DOLLAR;

/** The most one movement can carry: ten million dollars. Far below 2^53 cents, so sums stay exact. */
export const MAX_AMOUNT_CENTS = 10_000_000 * CENTS_PER_DOLLAR;

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

/** The web app echoes the readable CSRF cookie in this header on cookie-authenticated changes. */
export const CSRF_HEADER = 'x-csrf-token';

export const CSRF_COOKIE = 'poisha_csrf';

export const SESSION_COOKIE = 'poisha_session';

/** Header carrying the client's key for a money-moving request; a retry with the same key moves nothing again. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
