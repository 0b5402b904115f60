import { z } from 'zod';
import { emailSchema, languageSchema, nameSchema, requiredText } from './fields.js';
import { typedDigits } from './money.js';

export const outreachMessages = {
  starRequired: 'number is required',
  starDigits: 'Only Number is allowed',
  starRange: 'Rate from 1 to 5 stars',
  feedbackRequired: 'feedback is required',
  feedbackTooLong: 'Feedback must be at most 1000 characters',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be at most 2000 characters',
  contactSent: 'Mail Sent',
  appLinkSent: 'We sent the link to your e-mail. Open it on your phone.',
} as const;

/** A star rating: a whole number from 1 to 5. */
export const starSchema = z
  .number({ error: outreachMessages.starRequired })
  .int(outreachMessages.starDigits)
  .min(1, outreachMessages.starRange)
  .max(5, outreachMessages.starRange);

export const reviewRequestSchema = z.object({
  star: starSchema,
  text: requiredText({ required: outreachMessages.feedbackRequired, tooLong: outreachMessages.feedbackTooLong, max: 1000 }),
});
export type ReviewRequest = z.input<typeof reviewRequestSchema>;

/** The Add review form: Rate Count is typed (Bangla digits too), then held to the 1–5 rule. */
export const reviewFormSchema = z.object({
  star: typedDigits(outreachMessages.starRequired, z.string().min(1, outreachMessages.starRequired).max(3, outreachMessages.starRange).regex(/^[0-9]+$/, outreachMessages.starDigits))
    .transform(Number)
    .pipe(starSchema),
  text: reviewRequestSchema.shape.text,
});

export const reviewSchema = z.object({
  id: z.string(),
  name: z.string(),
  star: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const ownReviewSchema = z.object({ review: reviewSchema.nullable() });

export const reviewsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(6) });

export const contactRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  message: requiredText({ required: outreachMessages.messageRequired, tooLong: outreachMessages.messageTooLong, max: 2000 }),
  /** The page's language: the confirmation mail is written in it. */
  language: languageSchema.optional(),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

/** `language`: the page's language, which the mail is written in (English when absent). */
export const appLinkRequestSchema = z.object({ email: emailSchema, language: languageSchema.optional() });
export type AppLinkRequest = z.input<typeof appLinkRequestSchema>;

export const acceptedSchema = z.object({ message: z.string() });
