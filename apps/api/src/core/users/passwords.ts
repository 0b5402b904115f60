import { judgePassword, messages, passwordContainsPersonal, type PasswordPerson } from '@poisha/contracts';
import { hash, verify } from '@node-rs/argon2';
import { validationFailed } from '../errors.js';
import { onFirstUse } from '../load-on-first-use.js';

// argon2id (the library's default algorithm) with OWASP's recommended cost: 19 MiB, 2 passes, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, so that a login for an unknown e-mail cannot be told
 * apart from a wrong password by how long it takes.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('a password nobody has');
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * The server's half of the shared password rule: reset and change password have no e-mail or name
 * in their forms, so the server refuses a new password that contains the account's own.
 */
export function refusePersonalPassword(password: string, user: { email: string; name: string }, field: string): void {
  if (passwordContainsPersonal(password, user)) {
    throw validationFailed({ [field]: messages.passwordContainsPersonal }, messages.passwordContainsPersonal);
  }
}

/** zxcvbn-ts and its dictionaries (tens of MB once built): loaded by the first password set, not at start. */
const loadEstimator = onFirstUse(async () => {
  const { createPasswordEstimator, englishPasswordFeedback } = await import('@poisha/contracts/password-estimator');
  return { estimator: createPasswordEstimator(), feedback: englishPasswordFeedback };
});

/**
 * The server's half of the shared strength rule (issue 24, defect 4), for every place a password is
 * set: sign-up, reset and change. Answers a check that throws 400 `validation_failed` for a password
 * zxcvbn-ts scores below 3 with the person's name, e-mail, phone and "poisha" as words to try; loaded
 * before a transaction so that none waits on the dictionaries.
 */
export async function loadPasswordStrengthCheck(): Promise<(password: string, person: PasswordPerson, field: string) => void> {
  const { estimator, feedback } = await loadEstimator();
  return (password, person, field) => {
    const strength = judgePassword(estimator, password, person);
    if (strength.strongEnough) return;
    const why = strength.warning ? feedback.warnings[strength.warning] : undefined;
    throw validationFailed({ [field]: messages.passwordTooWeak }, why ? `${messages.passwordTooWeak}. ${why}` : messages.passwordTooWeak);
  };
}
