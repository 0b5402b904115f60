import { z } from 'zod';

/**
 * Every error the API returns has this body. `code` is stable and machine-readable; `message` is
 * English text for people; `fields` maps a request field to what is wrong with it.
 */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
