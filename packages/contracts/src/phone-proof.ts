import { z } from 'zod';
import { currentPasswordSchema } from './fields.js';
import { typedCode } from './money.js';
import { phoneSchema } from './phone.js';
import { userSchema } from './session.js';

/**
 * A phone number proven by a one-time code sent to it by SMS (issue 26, decision 0041): 6 digits,
 * valid 10 minutes, 5 tries, a new code at most once a minute per number and 5 an hour per number for each
 * account (10 an hour per number in all). Until the
 * number is proven, the wallet receives no transfers or requests and the welcome bonus waits.
 */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_SECONDS = 10 * 60;
export const PHONE_CODE_ATTEMPTS = 5;
export const PHONE_CODE_RESEND_SECONDS = 60;
export const PHONE_CODES_PER_HOUR = 5;

export const phoneProofMessages = {
  codeRequired: 'Enter the code from the SMS',
  codeFormat: 'Enter the 6 digits from the SMS',
  wrongCode: 'This code is not right. Check the SMS and try again.',
  expiredCode: 'This code has expired. Ask for a new code.',
  noCode: 'No code is waiting for this account. Ask for a new code.',
  tooManyTries: 'Too many wrong codes. Ask for a new code.',
  alreadyProven: 'Your phone number is already confirmed.',
  samePhone: 'This is already your phone number.',
  confirmBeforeRequesting: 'Confirm your phone number before asking for money.',
} as const;

/** The code as typed: spaces dropped, Bangla digits (০–৯) read as Latin ones. */
export const phoneCodeSchema = typedCode({
  required: phoneProofMessages.codeRequired,
  format: phoneProofMessages.codeFormat,
  pattern: new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`),
  drop: /[\s-]+/g,
});

export const verifyPhoneRequestSchema = z.object({ code: phoneCodeSchema });
export type VerifyPhoneRequest = z.input<typeof verifyPhoneRequestSchema>;

/**
 * Settings: a new number for the wallet; it takes effect once the code sent to it is entered. The
 * current password confirms it: a stolen session alone cannot move the wallet's number.
 */
export const changePhoneRequestSchema = z.object({ phone: phoneSchema, currentPassword: currentPasswordSchema });
export type ChangePhoneRequest = z.input<typeof changePhoneRequestSchema>;

/** A code is on its way: to which number, until when it works, and when a new one may be asked for. */
export const phoneCodeSentSchema = z.object({
  phone: z.string(),
  expiresAt: z.string(),
  resendAt: z.string(),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

/** The number proven: the user as they are now (the number may be the new one). */
export const phoneVerifiedSchema = z.object({ user: userSchema });
export type PhoneVerified = z.infer<typeof phoneVerifiedSchema>;
