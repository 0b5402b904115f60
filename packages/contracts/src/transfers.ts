import { z } from 'zod';
import { amountCentsSchema, moneySchema, referenceSchema, typedDollarsSchema } from './money.js';
import { paymentApprovalFields, requireOnePaymentApproval } from './passkeys.js';
import { phoneSchema } from './phone.js';

/** The API's sentences for a refused transfer; the web app shows them, translated, by the field. */
export const transferMessages = {
  unknownRecipient: 'No Poisha wallet has this number',
  selfTransfer: 'You cannot send money to yourself',
  insufficientFunds: 'Your balance is too low for this amount',
} as const;

export const transferRequestSchema = z
  .object({
    to: phoneSchema,
    amount: amountCentsSchema,
    reference: referenceSchema,
    ...paymentApprovalFields,
  })
  .superRefine(requireOnePaymentApproval);
export type TransferRequest = z.input<typeof transferRequestSchema>;

/** The Send Money form: the spec's field names, dollars and cents, turned into the request body (the PIN is asked at the confirm step). */
export const sendMoneyFormSchema = z
  .object({ receiverNumber: phoneSchema, sendAmount: typedDollarsSchema, reference: referenceSchema })
  .transform((form) => ({ to: form.receiverNumber, amount: form.sendAmount, reference: form.reference }));
export type SendMoneyForm = z.input<typeof sendMoneyFormSchema>;

export const recipientSchema = z.object({ name: z.string(), phone: z.string() });

/**
 * The name a phone-number lookup shows before money is sent: the first name and the initials of
 * the others ("Farhana Akter" → "Farhana A."). The full name comes with the transfer's answer.
 */
export function maskedName(name: string): string {
  const [first = '', ...others] = name.trim().split(/\s+/);
  return [first, ...others.map((word) => `${[...word][0]!.toUpperCase()}.`)].join(' ');
}

/** The confirm step's answer: who it is (name masked), and whether the sender has paid this wallet before. */
export const recipientLookupSchema = recipientSchema.extend({ paidBefore: z.boolean() });
export type RecipientLookup = z.infer<typeof recipientLookupSchema>;
export type Recipient = z.infer<typeof recipientSchema>;

export const recipientQuerySchema = z.object({ phone: phoneSchema });

export const transferResponseSchema = z.object({
  id: z.string(),
  amount: moneySchema,
  to: recipientSchema,
  reference: z.string(),
  createdAt: z.string(),
  balanceAfter: moneySchema,
});
export type TransferResponse = z.infer<typeof transferResponseSchema>;
