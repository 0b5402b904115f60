import { z } from 'zod';
import { messages } from './fields.js';
import { newPasswordSchema } from './new-password.js';

/**
 * The last step of a password reset: choosing the new password. Apart from auth.ts, so that the
 * login page's schema does not bring the common-password list with it (new-password.ts).
 */
export const passwordResetConfirmSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordSchema,
});
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;

export const passwordResetFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, messages.confirmPasswordRequired).max(128) })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsDoNotMatch,
  });
