import { z } from 'zod';
import { bankAccountNumberSchema, bankIdSchema } from './deposits.js';

export const bankAccountMessages = {
  taken: 'This bank account is already linked',
} as const;

export const linkBankAccountRequestSchema = z.object({
  bankId: bankIdSchema,
  accountNumber: bankAccountNumberSchema,
});
export type LinkBankAccountRequest = z.input<typeof linkBankAccountRequestSchema>;

export const linkedBankAccountSchema = z.object({
  id: z.string(),
  bank: z.object({ id: z.string(), name: z.string() }),
  /** The full number, for the copy button; screens show `maskedNumber`. */
  accountNumber: z.string(),
  maskedNumber: z.string(),
  createdAt: z.string(),
});
export type LinkedBankAccount = z.infer<typeof linkedBankAccountSchema>;

/** "•••• 5678": only the last four digits are shown. */
export const maskAccountNumber = (accountNumber: string) => `•••• ${accountNumber.slice(-4)}`;
