// Plain numbers with no schema library behind them, so any page can import them cheaply.

export const CURRENCY = 'USD';
export const CENTS_PER_DOLLAR = 100;

/** "-12.05" for -1205 cents: a plain decimal string made by integer arithmetic, never by floats. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / CENTS_PER_DOLLAR)}.${String(absolute % CENTS_PER_DOLLAR).padStart(2, '0')}`;
}

/** Every new wallet starts with 1000 USD, paid from the welcome-bonus treasury. */
export const WELCOME_BONUS_CENTS = 1000 * CENTS_PER_DOLLAR;

/** The most one movement can carry: ten million dollars. Far below 2^53 cents, so sums stay exact. */
export const MAX_AMOUNT_CENTS = 10_000_000 * CENTS_PER_DOLLAR;

/**
 * Every error code the API answers with, and the one HTTP status that goes with it. The API's
 * AppError takes its status from here, so a code cannot be answered with two statuses.
 */
export const errorStatus = {
  validation_failed: 400,
  invalid_json: 400,
  invalid_reset_token: 400,
  invalid_email_token: 400,
  invalid_session_link: 400,
  idempotency_key_required: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  invalid_sign_in_code: 401,
  invalid_two_step_code: 401,
  invalid_passkey: 401,
  csrf_failed: 403,
  account_locked: 403,
  payment_pin_blocked: 403,
  not_found: 404,
  request_timeout: 408,
  email_taken: 409,
  phone_taken: 409,
  phone_already_verified: 409,
  bank_account_taken: 409,
  favourite_exists: 409,
  request_not_pending: 409,
  payment_pin_already_set: 409,
  two_step_already_enabled: 409,
  two_step_not_enabled: 409,
  passkey_already_added: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  insufficient_funds: 422,
  unknown_recipient: 422,
  self_transfer: 422,
  idempotency_key_reused: 422,
  card_declined: 422,
  card_invalid: 422,
  deposit_limit_exceeded: 422,
  order_not_payable: 422,
  balance_not_zero: 422,
  self_favourite: 422,
  self_request: 422,
  too_many_pending_requests: 422,
  image_invalid: 422,
  image_too_large: 422,
  ticket_closed: 422,
  invalid_phone_code: 422,
  phone_code_expired: 422,
  phone_code_attempts_exhausted: 422,
  same_phone: 422,
  phone_not_verified: 422,
  payment_pin_not_set: 422,
  wrong_payment_pin: 422,
  passkey_not_accepted: 422,
  too_many_passkeys: 422,
  current_session: 422,
  rate_limited: 429,
  internal_error: 500,
  mail_unavailable: 503,
  unavailable: 503,
} as const;

/** The closed set of error codes. */
export type ErrorCode = keyof typeof errorStatus;
export type ErrorStatus = (typeof errorStatus)[ErrorCode];

export const ERROR_CODES = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(errorStatus, value);

/** The same codes by camelCase name, for code that reads better as `errorCodes.rateLimited`. */
export const errorCodes = {
  validationFailed: 'validation_failed',
  invalidJson: 'invalid_json',
  unauthenticated: 'unauthenticated',
  invalidCredentials: 'invalid_credentials',
  invalidSignInCode: 'invalid_sign_in_code',
  invalidTwoStepCode: 'invalid_two_step_code',
  twoStepAlreadyEnabled: 'two_step_already_enabled',
  twoStepNotEnabled: 'two_step_not_enabled',
  csrfFailed: 'csrf_failed',
  accountLocked: 'account_locked',
  notFound: 'not_found',
  requestTimeout: 'request_timeout',
  emailTaken: 'email_taken',
  phoneTaken: 'phone_taken',
  phoneAlreadyVerified: 'phone_already_verified',
  invalidPhoneCode: 'invalid_phone_code',
  phoneCodeExpired: 'phone_code_expired',
  phoneCodeAttemptsExhausted: 'phone_code_attempts_exhausted',
  samePhone: 'same_phone',
  phoneNotVerified: 'phone_not_verified',
  paymentPinNotSet: 'payment_pin_not_set',
  paymentPinAlreadySet: 'payment_pin_already_set',
  wrongPaymentPin: 'wrong_payment_pin',
  paymentPinBlocked: 'payment_pin_blocked',
  invalidPasskey: 'invalid_passkey',
  passkeyNotAccepted: 'passkey_not_accepted',
  passkeyAlreadyAdded: 'passkey_already_added',
  tooManyPasskeys: 'too_many_passkeys',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  invalidResetToken: 'invalid_reset_token',
  invalidEmailToken: 'invalid_email_token',
  invalidSessionLink: 'invalid_session_link',
  currentSession: 'current_session',
  insufficientFunds: 'insufficient_funds',
  unknownRecipient: 'unknown_recipient',
  selfTransfer: 'self_transfer',
  idempotencyKeyReused: 'idempotency_key_reused',
  idempotencyKeyRequired: 'idempotency_key_required',
  cardDeclined: 'card_declined',
  cardInvalid: 'card_invalid',
  depositLimitExceeded: 'deposit_limit_exceeded',
  orderNotPayable: 'order_not_payable',
  balanceNotZero: 'balance_not_zero',
  imageInvalid: 'image_invalid',
  imageTooLarge: 'image_too_large',
  ticketClosed: 'ticket_closed',
  bankAccountTaken: 'bank_account_taken',
  favouriteExists: 'favourite_exists',
  selfFavourite: 'self_favourite',
  selfRequest: 'self_request',
  tooManyPendingRequests: 'too_many_pending_requests',
  requestNotPending: 'request_not_pending',
  mailUnavailable: 'mail_unavailable',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
  unavailable: 'unavailable',
} as const satisfies Record<string, ErrorCode>;

/** Fails to compile when a code of the table has no camelCase name. */
type NoneMissing<T extends never> = T;
type _EveryCodeNamed = NoneMissing<Exclude<ErrorCode, (typeof errorCodes)[keyof typeof errorCodes]>>;

/** The web app echoes the readable CSRF cookie in this header on cookie-authenticated changes. */
export const CSRF_HEADER = 'x-csrf-token';

export const CSRF_COOKIE = 'poisha_csrf';

export const SESSION_COOKIE = 'poisha_session';

/**
 * Over HTTPS the cookies carry the `__Host-` prefix: the browser then accepts them only when Secure,
 * for the whole site (Path=/) and for this host alone (no Domain), so a sibling subdomain or a
 * plain-HTTP page cannot plant a session or CSRF cookie of its own.
 */
export const HOST_COOKIE_PREFIX = '__Host-';

export const cookieNames = (secure: boolean) => {
  const prefix = secure ? HOST_COOKIE_PREFIX : '';
  return { session: `${prefix}${SESSION_COOKIE}`, csrf: `${prefix}${CSRF_COOKIE}` };
};

/**
 * The id of the `<script type="application/json">` block in which the server hands a signed-in
 * page its session (GET /api/v1/auth/session's answer), so the first screen needs no round trip
 * (docs/decisions/0021-session-in-the-page.md).
 */
export const SESSION_DATA_ELEMENT_ID = 'poisha-session';

/** Header carrying the client's key for a money-moving request; a retry with the same key moves nothing again. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** How often an open dashboard asks for the unread notification count (docs/decisions: notifications by polling). */
export const NOTIFICATION_POLL_MS = 10_000;
