import type { ErrorCode } from '@poisha/contracts';

/**
 * What a person reads for each error code the API answers with: a key in common:errors (the same
 * sentence the API writes, and its Bangla). `null`: the API's sentence carries the detail (which
 * field, which card problem, which order state) and is translated like a field message.
 */
export const messageKeys = {
  validation_failed: null,
  invalid_json: 'errors.invalidJson',
  invalid_reset_token: 'errors.invalidResetToken',
  invalid_email_token: null,
  invalid_session_link: 'errors.invalidSessionLink',
  idempotency_key_required: 'errors.idempotencyKeyRequired',
  unauthenticated: 'errors.unauthenticated',
  invalid_credentials: 'errors.invalidCredentials',
  invalid_sign_in_code: 'errors.invalidSignInCode',
  // Two-step sign-in (decision 0044): the API's sentences (wrong code, sign-in over, on or off already), translated in validation.json.
  invalid_two_step_code: null,
  two_step_already_enabled: null,
  two_step_not_enabled: null,
  csrf_failed: 'errors.csrfFailed',
  account_locked: 'errors.accountLocked',
  not_found: null,
  request_timeout: 'errors.generic',
  email_taken: 'errors.emailTaken',
  phone_taken: 'errors.phoneTaken',
  // The phone proof's refusals (decision 0041): the API's sentences, translated in validation.json.
  phone_already_verified: null,
  invalid_phone_code: null,
  phone_code_expired: null,
  phone_code_attempts_exhausted: null,
  same_phone: null,
  phone_not_verified: null,
  // The payment PIN (decision 0042). A wrong one: the API's sentence says how many tries are left
  // (validation.json has each); a block or no PIN: the app's own words (the PIN step adds the block's
  // end and the way out).
  wrong_payment_pin: null,
  payment_pin_blocked: 'errors.paymentPinBlocked',
  payment_pin_not_set: 'errors.paymentPinNotSet',
  payment_pin_already_set: 'errors.paymentPinAlreadySet',
  // Passkeys (decision 0045): the API's sentences (a passkey not accepted at a payment or a sign-in,
  // added already, too many), translated in validation.json.
  invalid_passkey: null,
  passkey_not_accepted: null,
  passkey_already_added: null,
  too_many_passkeys: null,
  bank_account_taken: 'errors.bankAccountTaken',
  // The API's sentences name the problem with the number or the request; validation.json translates them.
  favourite_exists: null,
  request_not_pending: null,
  self_favourite: null,
  self_request: null,
  too_many_pending_requests: null,
  payload_too_large: 'errors.payloadTooLarge',
  unsupported_media_type: 'errors.unsupportedMediaType',
  insufficient_funds: 'errors.insufficientFunds',
  unknown_recipient: 'errors.unknownRecipient',
  self_transfer: 'errors.selfTransfer',
  idempotency_key_reused: 'errors.idempotencyKeyReused',
  card_declined: null,
  card_invalid: null,
  deposit_limit_exceeded: 'errors.depositLimitExceeded',
  order_not_payable: null,
  balance_not_zero: null,
  current_session: 'errors.currentSession',
  image_invalid: null,
  image_too_large: null,
  ticket_closed: null,
  // Worded with the minutes to wait (useErrorMessage counts them).
  rate_limited: 'errors.rateLimited_other',
  internal_error: 'errors.generic',
  mail_unavailable: 'errors.generic',
  unavailable: 'errors.generic',
} as const satisfies Record<ErrorCode, string | null>;

/** The translation keys the table uses, for the test that both languages have them. */
export const errorMessageKeys: readonly string[] = Object.values(messageKeys).filter((key) => key !== null);
