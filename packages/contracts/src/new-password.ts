import { z } from 'zod';
import { messages } from './fields.js';

export const MAX_PASSWORD_LENGTH = 128;

/**
 * A password being chosen (sign-up, reset, change): its length. How guessable it is, is judged by
 * zxcvbn-ts (password-strength.ts): the server where it sets the password, the web form in a worker
 * that loads the estimator's dictionaries only on the forms that set a password.
 */
export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(8, messages.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, messages.passwordTooLong);
