import { z } from 'zod';
import { ERROR_CODES } from './constants.js';

/**
 * Every error the API returns has this body. `code` is one of the closed set of codes (see
 * `errorStatus`); `message` is English text for people; `fields` maps a request field to what is
 * wrong with it.
 */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
