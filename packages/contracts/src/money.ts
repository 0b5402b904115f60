import { z } from 'zod';

/** Money on the wire: an integer number of minor units (cents) and its currency. */
export const moneySchema = z.object({
  amount: z.number().int(),
  currency: z.literal('USD'),
});
export type Money = z.infer<typeof moneySchema>;
