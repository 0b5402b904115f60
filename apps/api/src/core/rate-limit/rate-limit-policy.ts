/** A limit of `max` attempts per fixed window of `windowMs`. */
export interface RateLimit {
  name: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * Login counts failed attempts only, per account and per client address; a person who forgot a
 * password has room to try, a script guessing passwords does not. A browser that signed in to the
 * account before is not held by those two (someone else's failures must not lock its owner out,
 * decision 0011) but by a limit of its own.
 */
export const limits = {
  loginPerAccount: { name: 'login:account', max: 10, windowMs: 15 * MINUTE },
  loginPerAddress: { name: 'login:address', max: 50, windowMs: 15 * MINUTE },
  loginPerTrustedDevice: { name: 'login:device', max: 10, windowMs: 15 * MINUTE },
  // The welcome bonus makes new accounts worth something: sign-ups per address are limited
  // (SIGNUP_RATE_LIMIT per hour, not here: it is a setting) and the link mailed at sign-up is too.
  // Phone-number lookups tell a (masked) name: a signed-in user cannot walk the phone book.
  recipientLookupsPerUser: { name: 'recipients:user', max: 30, windowMs: 60 * MINUTE },
  verificationMailPerUser: { name: 'verification-mail:user', max: 3, windowMs: 60 * MINUTE },
  resetPerAccount: { name: 'reset:account', max: 3, windowMs: 60 * MINUTE },
  // One-time sign-in codes (decision 0030): few mails per account, so they cannot bomb a mailbox;
  // the tries at a code are limited by the code itself (SIGN_IN_CODE_ATTEMPTS) and per address here.
  signInCodePerAccount: { name: 'sign-in-code:account', max: 3, windowMs: 60 * MINUTE },
  signInCodePerAddress: { name: 'sign-in-code:address', max: 20, windowMs: 60 * MINUTE },
  signInCodeTriesPerAddress: { name: 'sign-in-code-try:address', max: 30, windowMs: 15 * MINUTE },
  // SMS codes proving a phone number (decision 0041): per number the codes' own rules hold (one a
  // minute, five an hour, whichever account asks); per account this keeps one account from texting
  // many numbers from Settings.
  phoneCodesPerUser: { name: 'phone-codes:user', max: 10, windowMs: 60 * MINUTE },
  resetPerAddress: { name: 'reset:address', max: 20, windowMs: 60 * MINUTE },
  // Opening a reset link asks whether it still works: limited like the reset, so tokens cannot be tried in bulk.
  resetCheckPerAddress: { name: 'reset-check:address', max: 30, windowMs: 60 * MINUTE },
  // The link of a new-device mail ends a session without a sign-in (decision 0043): tries per address
  // are limited like a reset link's, so tokens cannot be tried in bulk.
  sessionLinkPerAddress: { name: 'session-link:address', max: 30, windowMs: 60 * MINUTE },
  // Forms that send mail to an address someone typed: limited so they cannot be used to spam.
  appLinkPerEmail: { name: 'app-link:email', max: 3, windowMs: 60 * MINUTE },
  appLinkPerAddress: { name: 'app-link:address', max: 10, windowMs: 60 * MINUTE },
  contactPerAddress: { name: 'contact:address', max: 10, windowMs: 60 * MINUTE },
  reviewsPerUser: { name: 'reviews:user', max: 10, windowMs: 24 * 60 * MINUTE },
  // Two-step sign-in codes (decision 0044): the password was right, so these guard the last step.
  // A million codes, three of them good at any time: 10 tries an hour per account, whatever the
  // number of sign-ins started, keeps guessing hopeless; each sign-in allows 5 of them.
  twoStepTriesPerAccount: { name: 'two-step-try:account', max: 10, windowMs: 60 * MINUTE },
  // Passkeys (decision 0045): a forged answer cannot pass the signature, so these only keep probes
  // and floods small: challenges a stranger may ask for (each is a row), and answers refused, per
  // address at sign-in and per account at a payment or when adding one.
  passkeyChallengesPerAddress: { name: 'passkey-challenge:address', max: 60, windowMs: 15 * MINUTE },
  passkeyRefusalsPerAddress: { name: 'passkey-refused:address', max: 20, windowMs: 15 * MINUTE },
  passkeyRefusalsPerAccount: { name: 'passkey-refused:account', max: 10, windowMs: 60 * MINUTE },
  // A stolen session must not become a way to guess the password behind it.
  passwordCheckPerUser: { name: 'password-check:user', max: 10, windowMs: 15 * MINUTE },
  emailChangePerUser: { name: 'email-change:user', max: 5, windowMs: 60 * MINUTE },
  // Each ticket and reply mails the support inbox.
  ticketsPerUser: { name: 'tickets:user', max: 20, windowMs: 24 * 60 * MINUTE },
  ticketRepliesPerUser: { name: 'ticket-replies:user', max: 100, windowMs: 24 * 60 * MINUTE },
  // Money requests notify a person: one requester cannot flood the app, nor many flood one payer (decision 0033).
  moneyRequestsPerRequester: { name: 'money-requests:requester', max: 20, windowMs: 60 * MINUTE },
  moneyRequestsPerPayer: { name: 'money-requests:payer', max: 30, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimit>;

export const windowStart = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

/** Seconds until the window that `now` falls in is over (at least 1). */
export const retryAfterSeconds = (now: number, windowMs: number) =>
  Math.max(1, Math.ceil((windowStart(now, windowMs) + windowMs - now) / 1000));

export function rateLimitMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
