import { z } from 'zod';
import { moneySchema } from './money.js';

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string().nullable(),
  photoUrl: z.string().nullable(),
  balance: moneySchema,
  /** The owner opened the link mailed to `email`. */
  emailVerified: z.boolean(),
  /** The welcome bonus waits: for the phone number to be proven, and the e-mail address verified (EMAIL_VERIFICATION=required). */
  welcomeBonusPending: z.boolean(),
  /**
   * The owner proved the phone number with a code sent to it by SMS. Until then the wallet receives
   * no transfers or requests, and the welcome bonus waits (decision 0041).
   */
  phoneVerified: z.boolean(),
  /** The owner chose a payment PIN; every payment asks for it (decision 0042). */
  paymentPinSet: z.boolean(),
  /** No welcome bonus: the e-mail address or phone number had it before, on an account since closed. */
  welcomeBonusRefused: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ user: userSchema, token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** What the web app needs to know about the current session to warn before it ends. */
export const sessionResponseSchema = z.object({
  user: userSchema,
  idleExpiresAt: z.string(),
  expiresAt: z.string(),
  idleTimeoutSeconds: z.number().int(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const RESET_REQUESTED_MESSAGE = 'If an account exists for that email, a reset link has been sent';

