import { z } from 'zod';
import { isCommonPassword } from './common-passwords.js';
import { messages } from './fields.js';

/**
 * A password being chosen (sign-up, reset, change). In a module of its own, not in fields.ts:
 * the list of common passwords it checks against is 186 kB (83 kB gzipped; the whole zxcvbn-ts
 * dictionary was 201 kB gzipped), and the web app downloads it only with a form that sets a
 * password, not with every screen that uses a field rule.
 */
export const newPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(8, messages.passwordTooShort)
  .max(128, messages.passwordTooLong)
  .refine((password) => !isCommonPassword(password), messages.passwordTooCommon);
