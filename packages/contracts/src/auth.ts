import { z } from 'zod';
import { currentPasswordSchema, emailSchema } from './fields.js';

// Choosing a new password at reset: password-reset.ts (the login page must not download the list
// of common passwords that rule checks).

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** Whether a reset link still works, asked when its page opens (the token is not used up). */
export const passwordResetCheckSchema = z.object({ token: z.string().min(1).max(200) });
export type PasswordResetCheck = z.input<typeof passwordResetCheckSchema>;

/** The token of the link mailed at sign-up (in the link's fragment). */
export const verifyEmailRequestSchema = z.object({ token: z.string().min(1).max(200) });
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;
