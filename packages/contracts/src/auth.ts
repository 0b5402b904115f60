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

/** Asks for a one-time sign-in code by mail (offered when failed logins hold the account; decision 0030). */
export const signInCodeRequestSchema = z.object({ email: emailSchema });
export type SignInCodeRequest = z.input<typeof signInCodeRequestSchema>;

export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_SENT_MESSAGE = 'If the address has a Poisha account, a sign-in code is on its way to it.';

/** Signs in with the mailed code; spaces a person types between the digits are dropped. */
export const signInWithCodeSchema = z.object({
  email: emailSchema,
  code: z
    .string({ error: 'Enter the code from the mail' })
    .transform((code) => code.replace(/\s+/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`), 'Enter the 6 digits from the mail')),
});
export type SignInWithCode = z.input<typeof signInWithCodeSchema>;
