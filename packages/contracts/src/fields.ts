import { z } from 'zod';

/**
 * One definition of each field rule, used by the API to validate requests and by the web app to
 * validate forms. Messages are the product's English wording; the web app translates them.
 */

export const messages = {
  nameRequired: 'Name is Required',
  nameTooLong: 'Name must be at most 100 characters',
  emailRequired: 'Please Enter Your Email Address',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  phoneRequired: 'Phone Number is required',
  phoneInvalid: 'Enter a valid phone number',
} as const;

export const nameSchema = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .max(100, messages.nameTooLong);

/** E-mail addresses are compared case-insensitively, so they are stored lower-cased. */
export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .pipe(z.email({ error: messages.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(8, messages.passwordTooShort)
  .max(128, messages.passwordTooLong);

/** A password being checked (login, confirmations): no strength rule, only a sane bound. */
export const currentPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(128, messages.passwordTooLong);
