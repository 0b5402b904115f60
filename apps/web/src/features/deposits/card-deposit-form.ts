import { emailSchema, phoneSchema, typedDollarsSchema } from '@poisha/contracts';
import { z } from 'zod';

/**
 * The card deposit form apart from the card itself: dollars and cents (sent as cents), the e-mail and
 * phone of the payer. The card fields are checked by card-input.ts and by the card provider.
 */
export const cardDepositFormSchema = z.object({
  amount: typedDollarsSchema,
  email: emailSchema,
  phone: phoneSchema,
});
export type CardDepositFormInput = z.input<typeof cardDepositFormSchema>;
export type CardDepositFormOutput = z.output<typeof cardDepositFormSchema>;
