import { z } from 'zod';

export const bankSchema = z.object({ id: z.string(), name: z.string() });
export type Bank = z.infer<typeof bankSchema>;
