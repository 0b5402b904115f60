import { z } from 'zod';
import { emailSchema, languageSchema, messages, nameSchema, passwordContainsPersonal } from './fields.js';
import { newPasswordSchema } from './new-password.js';
import { phoneSchema } from './phone.js';

const signupFields = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  phone: phoneSchema,
  /** The app's language at sign-up: the user's mails are written in it (English when absent). */
  language: languageSchema.optional(),
});

const notPersonal = (form: { name: string; email: string; password: string }) => !passwordContainsPersonal(form.password, form);
const notPersonalIssue = { path: ['password'], message: messages.passwordContainsPersonal };

export const signupRequestSchema = signupFields.refine(notPersonal, notPersonalIssue);
export type SignupRequest = z.input<typeof signupRequestSchema>;

/** The sign-up form adds the confirmation, which never leaves the browser. */
export const signupFormSchema = signupFields
  .extend({ confirmPassword: z.string().min(1, messages.confirmPasswordRequired).max(128) })
  .refine(notPersonal, notPersonalIssue)
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsDoNotMatch,
  });
export type SignupForm = z.input<typeof signupFormSchema>;
