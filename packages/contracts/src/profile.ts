import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './statement.js';
import { currentPasswordSchema, emailAddress, languageSchema, messages, nameSchema } from './fields.js';
import { newPasswordSchema } from './new-password.js';
import { userSchema } from './session.js';

export const profileMessages = {
  emailRequired: 'email is Required',
  currentPasswordRequired: 'Enter your current password to change your email',
  currentPasswordWrong: 'Your current password is not correct',
  samePassword: 'Choose a password different from the current one',
  balanceNotZero: 'Withdraw or send your balance before closing your account',
  emailChangeSent: 'We sent a confirmation link to your new email address',
  invalidEmailToken: 'This confirmation link is invalid or has expired. Please change your email again.',
} as const;

/** The settings form's e-mail field: the spec's own message when it is empty. */
export const profileEmailSchema = emailAddress(profileMessages.emailRequired);

/**
 * PATCH /me: a new name takes effect at once; a new e-mail needs the current password and is
 * only used once the link mailed to it is opened.
 */
export const updateProfileRequestSchema = z.object({
  name: nameSchema.optional(),
  email: profileEmailSchema.optional(),
  currentPassword: currentPasswordSchema.optional(),
  /** The app's language, sent when the user switches it: their mails follow it. */
  language: languageSchema.optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** The settings form: both fields are required there. */
export const profileFormSchema = z.object({
  name: nameSchema,
  email: profileEmailSchema,
  currentPassword: z.string().max(128, messages.passwordTooLong),
});

export const profileSchema = userSchema.extend({
  /** An address waiting for its confirmation link to be opened; the account still uses `email`. */
  pendingEmail: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const confirmEmailRequestSchema = z.object({ token: z.string().min(1).max(200) });

export const changePasswordRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string().min(1, messages.confirmPasswordRequired).max(128) })
  .refine((form) => form.newPassword === form.confirmPassword, { path: ['confirmPassword'], message: messages.passwordsDoNotMatch });

export const closeAccountRequestSchema = z.object({ password: currentPasswordSchema });
export type CloseAccountRequest = z.input<typeof closeAccountRequestSchema>;

/** Profile photos: what is accepted (checked by content) and the size kept. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_FIELD = 'photo';
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

export const securityEventTypeSchema = z.enum([
  'signup',
  'login_succeeded',
  'login_failed',
  'login_rate_limited',
  'password_changed',
  'password_reset_completed',
  'email_change_requested',
  'email_changed',
  // The phone number proven by its SMS code, at sign-up or after a change (decision 0041).
  'phone_verified',
  'phone_changed',
  // The payment PIN: chosen, changed, reset by SMS code, a wrong one typed, payments blocked (decision 0042).
  'payment_pin_set',
  'payment_pin_changed',
  'payment_pin_reset',
  'payment_pin_wrong',
  'payment_pin_blocked',
  // Two-step sign-in: turned on or off, a recovery code used, a wrong code at sign-in (decision 0044).
  'two_step_enabled',
  'two_step_disabled',
  'two_step_recovery_code_used',
  'two_step_recovery_codes_renewed',
  'two_step_failed',
  // Passkeys: one added or removed, a sign-in with one (decision 0045).
  'passkey_added',
  'passkey_removed',
  'passkey_sign_in',
  // Signed-in devices (decision 0043): a sign-in from a browser the account had not seen, one
  // session ended (from Settings or the mailed link), every other session ended.
  'new_device_sign_in',
  'session_ended',
  'other_sessions_ended',
  'account_closed',
]);
export type SecurityEventType = z.infer<typeof securityEventTypeSchema>;

export const securityEventSchema = z.object({
  id: z.string(),
  event: securityEventTypeSchema,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityEventsQuerySchema = pageQuerySchema;
export const securityEventsPageSchema = pageSchema(securityEventSchema);
export type SecurityEventsPage = z.infer<typeof securityEventsPageSchema>;
