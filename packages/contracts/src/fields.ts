import { z } from 'zod';
import { shownText } from './text.js';

/**
 * One definition of each field rule, used by the API to validate requests and by the web app to
 * validate forms. Messages are the product's English wording; the web app translates them.
 * The strength of a new password is judged apart (password-strength.ts): its estimator's
 * dictionaries must not reach the web app's screens that only need a name, an e-mail or a phone number.
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
  passwordTooWeak: 'This password is too easy to guess. Use a few uncommon words, or make it longer',
  passwordContainsPersonal: 'The password must not contain your e-mail address or name',
  confirmPasswordRequired: 'Please confirm your password',
  phoneRequired: 'Phone Number is required',
  phoneInvalid: 'Enter a valid phone number',
} as const;

/** A person's name, as other people will see it: a letter at least, nothing hidden (text.ts). */
export const nameSchema = shownText({ required: messages.nameRequired, tooLong: messages.nameTooLong, max: 100, needsLetter: true });

/** The languages the app and its mails are written in; a user's mails follow the app's language. */
export const languageSchema = z.enum(['en', 'bn']);
export type Language = z.infer<typeof languageSchema>;

/**
 * An e-mail address, `required` said when it is empty. Addresses are compared case-insensitively,
 * so they are stored lower-cased.
 */
export const emailAddress = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, messages.emailInvalid)
    .pipe(z.email({ error: messages.emailInvalid }))
    .transform((email) => email.toLowerCase());

export const emailSchema = emailAddress(messages.emailRequired);

/** Text a person writes (a message, a subject): trimmed, required, at most `max` characters. */
export const requiredText = ({ required, tooLong, max }: { required: string; tooLong: string; max: number }) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);


/**
 * The parts of a person's e-mail address and name a password must not contain: the e-mail's local
 * part and each word of the name with a letter in it, from three characters on, lower-cased.
 * Sign-up checks them in the form; the server checks them again for reset and change, where the
 * form does not know them.
 */
export function personalPasswordParts(person: { email: string; name: string }): string[] {
  const localPart = person.email.split('@')[0] ?? '';
  const nameWords = person.name.split(/[\s.,'-]+/);
  const words = nameWords.filter((word) => /\p{L}/u.test(word));
  return [localPart, ...words].map((part) => part.trim().toLowerCase()).filter((part) => part.length >= 3);
}

export const passwordContainsPersonal = (password: string, person: { email: string; name: string }): boolean => {
  const lowered = password.toLowerCase();
  return personalPasswordParts(person).some((part) => lowered.includes(part));
};

/** A password being checked (login, confirmations): no strength rule, only a sane bound. */
export const currentPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(128, messages.passwordTooLong);
