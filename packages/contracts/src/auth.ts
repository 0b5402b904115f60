import { z } from 'zod';
import { currentPasswordSchema, emailSchema, messages, newPasswordSchema } from './fields.js';

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordSchema,
});
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;

/** Whether a reset link still works, asked when its page opens (the token is not used up). */
export const passwordResetCheckSchema = z.object({ token: z.string().min(1).max(200) });
export type PasswordResetCheck = z.input<typeof passwordResetCheckSchema>;

export const passwordResetFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, messages.confirmPasswordRequired).max(128) })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsDoNotMatch,
  });

/** The token of the link mailed at sign-up (in the link's fragment). */
export const verifyEmailRequestSchema = z.object({ token: z.string().min(1).max(200) });
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;
