import { z } from 'zod';
import { emailSchema, nameSchema } from './fields.js';
import { CENTS_PER_DOLLAR } from './constants.js';
import { amountCentsSchema, moneySchema, referenceSchema, toAsciiDigits, typedDigits, typedDollars } from './money.js';
import { phoneSchema } from './phone.js';

export const BANK_DEPOSIT_MIN_CENTS = 500 * CENTS_PER_DOLLAR;
export const BANK_DEPOSIT_MAX_CENTS = 50_000 * CENTS_PER_DOLLAR;
export const PAYPAL_TOP_UP_CENTS = 2 * CENTS_PER_DOLLAR;

export interface DepositLimit {
  perDepositCents: number;
  /** Over any 24 hours, counting the deposits that succeeded. */
  perDayCents: number;
}

/**
 * How much one deposit and one day's deposits may carry, per way of adding money: the one place
 * for these rules, as the providers' test modes have them (a real provider refuses the same). The
 * server enforces them (features/deposits/deposit-limits.ts); the forms name them when refused.
 */
export const DEPOSIT_LIMITS = {
  bank: { perDepositCents: BANK_DEPOSIT_MAX_CENTS, perDayCents: 100_000 * CENTS_PER_DOLLAR },
  card: { perDepositCents: 5_000 * CENTS_PER_DOLLAR, perDayCents: 10_000 * CENTS_PER_DOLLAR },
} as const satisfies Record<'bank' | 'card', DepositLimit>;

export const depositMessages = {
  holderNumberMin: 'Please Type Minimum 11 Digit Account Number',
  holderNumberMax: 'Please Type Maximum 11 Digit Account Number',
  bankAccountRequired: 'Bank account number is required',
  bankAccountMin: 'Please Type Minimum 12 Digit Account Number',
  bankAccountMax: 'Please Type Maximum 14 Digit Account Number',
  amountMin: 'Minimum Transaction Amount 500',
  amountMax: 'Maximum Transaction Amount 50000',
  bankRequired: 'Please choose a bank',
  onlyNumbers: 'Only Number is allowed',
} as const;

/** The account holder's 11-digit number at the bank. */
export const holderNumberSchema = typedDigits(
  depositMessages.holderNumberMin,
  z.string().min(11, depositMessages.holderNumberMin).max(11, depositMessages.holderNumberMax).regex(/^[0-9]+$/, depositMessages.onlyNumbers),
);

export const bankAccountNumberSchema = typedDigits(
  depositMessages.bankAccountRequired,
  z
    .string()
    .min(1, depositMessages.bankAccountRequired)
    .min(12, depositMessages.bankAccountMin)
    .max(14, depositMessages.bankAccountMax)
    .regex(/^[0-9]+$/, depositMessages.onlyNumbers),
);

export const bankIdSchema = z.string({ error: depositMessages.bankRequired }).min(1, depositMessages.bankRequired).max(64);

export const bankDepositAmountSchema = amountCentsSchema
  .min(BANK_DEPOSIT_MIN_CENTS, depositMessages.amountMin)
  .max(BANK_DEPOSIT_MAX_CENTS, depositMessages.amountMax);

export const bankDepositRequestSchema = z.object({
  accountHolder: nameSchema,
  accountHolderNumber: holderNumberSchema,
  bankId: bankIdSchema,
  bankAccountNumber: bankAccountNumberSchema,
  amount: bankDepositAmountSchema,
  reference: referenceSchema,
});
export type BankDepositRequest = z.input<typeof bankDepositRequestSchema>;

/** The Add Money from Bank form: dollars and cents as typed, sent as cents. */
export const bankDepositFormSchema = bankDepositRequestSchema
  .extend({
    amount: typedDollars(bankDepositAmountSchema),
  });
export type BankDepositForm = z.input<typeof bankDepositFormSchema>;

export const depositSchema = z.object({
  id: z.string(),
  method: z.enum(['bank', 'card', 'paypal']),
  status: z.enum(['succeeded', 'declined']),
  amount: moneySchema,
  transferId: z.string().nullable(),
  balanceAfter: moneySchema.nullable(),
  createdAt: z.string(),
});
export type Deposit = z.infer<typeof depositSchema>;

// Card deposits. Card details go only to the card provider's endpoint, which answers a token;
// the deposit itself carries the token, never the number.
export const cardMessages = {
  numberInvalid: 'Your card number is invalid.',
  expiryInvalid: "Your card's expiration date is invalid.",
  expired: 'Your card has expired.',
  cvcInvalid: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
} as const;

export const cardDetailsSchema = z.object({
  number: z
    .string({ error: cardMessages.numberInvalid })
    .max(30, cardMessages.numberInvalid)
    .transform((raw) => toAsciiDigits(raw.replaceAll(/[\s-]/g, '')))
    .pipe(z.string().regex(/^[0-9]{12,19}$/, cardMessages.numberInvalid)),
  expMonth: z.number({ error: cardMessages.expiryInvalid }).int(cardMessages.expiryInvalid).min(1, cardMessages.expiryInvalid).max(12, cardMessages.expiryInvalid),
  expYear: z.number({ error: cardMessages.expiryInvalid }).int(cardMessages.expiryInvalid).min(2000, cardMessages.expiryInvalid).max(2100, cardMessages.expiryInvalid),
  cvc: typedDigits(cardMessages.cvcInvalid, z.string().regex(/^[0-9]{3,4}$/, cardMessages.cvcInvalid)),
});
export type CardDetails = z.input<typeof cardDetailsSchema>;

export const paymentMethodSchema = z.object({ id: z.string(), brand: z.string(), last4: z.string() });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const cardDepositRequestSchema = z.object({
  amount: amountCentsSchema,
  email: emailSchema,
  phone: phoneSchema,
  paymentMethod: z.string().min(1).max(100),
});
export type CardDepositRequest = z.input<typeof cardDepositRequestSchema>;

export const paypalOrderSchema = z.object({
  id: z.string(),
  status: z.enum(['created', 'captured', 'cancelled']),
  amount: moneySchema,
  transferId: z.string().nullable(),
  createdAt: z.string(),
});
export type PaypalOrder = z.infer<typeof paypalOrderSchema>;
