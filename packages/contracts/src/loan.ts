import { z } from 'zod';

/** Loans are not offered yet; a user can say they want one and is told when they come. */
export const loanInterestSchema = z.object({
  registered: z.boolean(),
  registeredAt: z.string().nullable(),
});
export type LoanInterest = z.infer<typeof loanInterestSchema>;
