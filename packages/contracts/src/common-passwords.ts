import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords, from the maintained list of zxcvbn-ts (@zxcvbn-ts/language-common,
 * about 49,000 passwords seen in breaches). Only those of 8 characters or more can get past the
 * length rule, so only those are kept. Compared lower-cased: "Password1" is as weak as "password1".
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].filter((entry) => entry.length >= 8).map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
