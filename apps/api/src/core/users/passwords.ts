import { messages, passwordContainsPersonal } from '@poisha/contracts';
import { hash, verify } from '@node-rs/argon2';
import { validationFailed } from '../../http/app-error.js';

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
