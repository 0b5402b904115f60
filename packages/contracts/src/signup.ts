import { z } from 'zod';
import { emailSchema, messages, nameSchema, newPasswordSchema } from './fields.js';
import { phoneSchema } from './phone.js';

export const signupRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  phone: phoneSchema,
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

/** The sign-up form adds the confirmation, which never leaves the browser. */
export const signupFormSchema = signupRequestSchema
  .extend({ confirmPassword: z.string().max(128) })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsDoNotMatch,
  });
export type SignupForm = z.input<typeof signupFormSchema>;
