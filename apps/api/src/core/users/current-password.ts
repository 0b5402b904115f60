import { profileMessages } from '@poisha/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { validationFailed } from '../errors.js';
import { limits } from '../rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../rate-limit/rate-limiter.js';
import { verifyPassword } from './passwords.js';

/**
 * The signed-in user confirms an action with their password (a new e-mail, password or phone
 * number, closing the account): a stolen session alone cannot do it. Each check counts against
 * the user's limit per quarter hour before the password is compared, so guesses in parallel
 * cannot slip past it. A wrong password is 400 `validation_failed` on `field`.
 */
export async function checkCurrentPassword(
  db: Kysely<Database>,
  user: { id: string; password_hash: string },
  password: string,
  field: string,
  nowMs: number,
): Promise<void> {
  await consumeRateLimits(db, nowMs, [{ limit: limits.passwordCheckPerUser, subject: user.id }]);
  if (!(await verifyPassword(user.password_hash, password))) {
    throw validationFailed({ [field]: profileMessages.currentPasswordWrong }, profileMessages.currentPasswordWrong);
  }
}
