import { COMMON_PASSWORDS } from './common-passwords-list.js';

/**
 * The most common passwords, from the maintained list of zxcvbn-ts (@zxcvbn-ts/language-common,
 * about 49,000 passwords seen in breaches). Only those of 8 characters or more can get past the
 * length rule, so only those are kept (scripts/make-common-passwords.ts writes them out, which keeps
 * the rest of the dictionary out of the sign-up page's download). Compared lower-cased:
 * "Password1" is as weak as "password1".
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split('\n'));
  return common.has(password.toLowerCase());
}
