/**
 * The shared rule for a new password's strength (issue 24, defect 4), one pure function used by the
 * server (sign-up, reset, change) and the web forms. The estimator itself is zxcvbn-ts with its
 * dictionaries (password-estimator.ts): megabytes the web app loads only on the forms that set a
 * password, in a worker; this module is tiny and loads anywhere.
 */

/** zxcvbn's score from 0 (too guessable) to 4; 3 is "safely unguessable" against online attacks. */
export const MIN_PASSWORD_SCORE = 3;

/** What a password must not be built from: the person's own details, and the product's name. */
export interface PasswordPerson {
  name?: string;
  email?: string;
  phone?: string;
}

/** The part of a zxcvbn-ts estimator the rule needs (ZxcvbnFactory has it). */
export interface PasswordEstimator {
  check(password: string, userInputs: string[]): { score: number; feedback: { warning: string | null; suggestions: string[] } };
}

export interface PasswordStrength {
  score: number;
  strongEnough: boolean;
  /** zxcvbn-ts feedback keys (warnings.<key>, suggestions.<key>): the web app words them in each language. */
  warning: string | null;
  suggestions: string[];
}

/**
 * The words an attacker tries first for this person: the name and its words, the e-mail and its
 * local part's pieces, the phone number with and without its country code, and "poisha".
 */
export function passwordUserInputs(person: PasswordPerson): string[] {
  const inputs = new Set<string>(['poisha']);
  const add = (value: string | undefined) => {
    const trimmed = value?.trim().toLowerCase();
    if (trimmed && trimmed.length >= 2) inputs.add(trimmed);
  };
  add(person.name);
  for (const word of person.name?.split(/[\s.,'-]+/) ?? []) add(word);
  add(person.email);
  const localPart = person.email?.split('@')[0];
  add(localPart);
  for (const piece of localPart?.split(/[._+-]+/) ?? []) add(piece);
  const digits = person.phone?.replace(/\D/g, '');
  if (digits) {
    add(digits);
    // Bangladesh numbers are written 01XXXXXXXXX at home: the national form too.
    if (digits.startsWith('880')) add(`0${digits.slice(3)}`);
    add(digits.slice(-8));
  }
  return [...inputs];
}

/** Judges a new password with the given estimator (the rule is the same on server and web). */
export function judgePassword(estimator: PasswordEstimator, password: string, person: PasswordPerson): PasswordStrength {
  const result = estimator.check(password, passwordUserInputs(person));
  return {
    score: result.score,
    strongEnough: result.score >= MIN_PASSWORD_SCORE,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}
