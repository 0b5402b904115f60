import { z } from 'zod';
import { currentPasswordSchema } from './fields.js';
import { toAsciiDigits, typedCode } from './money.js';
import { phoneCodeSchema } from './phone-proof.js';

/**
 * The payment PIN (issue 26, decision 0042): 5 digits the owner types to approve every payment (money
 * that leaves the wallet: send money, Quick Pay, pay a request, and every later kind). 3 wrong PINs
 * in a row block payments, not sign-in: the first block lasts an hour, every later one a day, until
 * the PIN is changed or reset.
 */
export const PAYMENT_PIN_LENGTH = 5;
export const PAYMENT_PIN_TRIES = 3;
export const PAYMENT_PIN_FIRST_BLOCK_SECONDS = 60 * 60;
export const PAYMENT_PIN_LATER_BLOCK_SECONDS = 24 * 60 * 60;

export const paymentPinMessages = {
  pinRequired: 'Enter your 5-digit PIN',
  pinFormat: 'Your PIN is 5 digits',
  sameDigits: 'Choose a PIN that is not one digit five times',
  sequence: 'Choose a PIN that is not a run of digits like 12345',
  phoneDigits: "Choose a PIN that is not the end of your phone number",
  notSet: 'Set your payment PIN before you pay',
  alreadySet: 'Your payment PIN is already set. Change it in Settings.',
  wrongPin: 'This PIN is not right',
  blocked: 'Payments are blocked after 3 wrong PINs',
  samePin: 'Choose a PIN different from the one you have',
  codeUsed: 'This code was used already. Ask for a new code.',
  confirmPinRequired: 'Enter the same PIN again',
  pinsDoNotMatch: 'The two PINs are not the same',
} as const;

/** Tries left after a wrong PIN, in the API's sentence (the web app says it in the reader's language). */
export const wrongPinMessage = (triesLeft: number) =>
  `${paymentPinMessages.wrongPin}. ${triesLeft === 1 ? '1 try is' : `${triesLeft} tries are`} left before payments are blocked.`;

/** A PIN as typed: spaces dropped, Bangla digits (০–৯) read as Latin ones; exactly 5 digits. */
export const paymentPinSchema = typedCode({
  required: paymentPinMessages.pinRequired,
  format: paymentPinMessages.pinFormat,
  pattern: new RegExp(`^\\d{${PAYMENT_PIN_LENGTH}}$`),
});

/**
 * Why a new PIN is too easy to guess, or null: one digit five times (11111), a run up or down
 * (12345, 56789, 01234, 54321), or the last 5 digits of the owner's phone number (known to everyone
 * they ever paid). A pure rule, shared by the form and the server.
 */
export function paymentPinWeakness(pin: string, phone?: string): string | null {
  const digits = [...pin].map(Number);
  if (digits.every((digit) => digit === digits[0])) return paymentPinMessages.sameDigits;
  const steps = digits.slice(1).map((digit, index) => digit - digits[index]!);
  if (steps.every((step) => step === 1) || steps.every((step) => step === -1)) return paymentPinMessages.sequence;
  if (phone !== undefined && phone.replace(/\D/g, '').endsWith(pin)) return paymentPinMessages.phoneDigits;
  return null;
}

/** A PIN being chosen: the format, then the rules that need no phone number (the server adds that one). */
export const newPaymentPinSchema = paymentPinSchema.superRefine((pin, context) => {
  const weakness = paymentPinWeakness(pin);
  if (weakness) context.addIssue({ code: 'custom', message: weakness });
});

/** The PIN step of every payment in the web app (the body it adds to is built by the payment's form). */
export const paymentPinFormSchema = z.object({ pin: paymentPinSchema });
export type PaymentPinForm = z.input<typeof paymentPinFormSchema>;

/** Set once, after sign-up. */
export const setPaymentPinRequestSchema = z.object({ pin: newPaymentPinSchema });
export type SetPaymentPinRequest = z.input<typeof setPaymentPinRequestSchema>;

/** Change it with the one in use (a wrong one counts like a wrong PIN at a payment). */
export const changePaymentPinRequestSchema = z.object({ currentPin: paymentPinSchema, newPin: newPaymentPinSchema });
export type ChangePaymentPinRequest = z.input<typeof changePaymentPinRequestSchema>;

/** Forgotten, or blocked: the account's password and a code sent by SMS set a new one and lift a block. */
export const resetPaymentPinRequestSchema = z.object({ currentPassword: currentPasswordSchema, code: phoneCodeSchema, newPin: newPaymentPinSchema });
export type ResetPaymentPinRequest = z.input<typeof resetPaymentPinRequestSchema>;

/** Where the PIN stands: set or not, and whether payments are blocked, until when. */
export const paymentPinStatusSchema = z.object({
  set: z.boolean(),
  /** Payments are blocked until then (ISO time), after 3 wrong PINs; null when they are not. */
  blockedUntil: z.string().nullable(),
  /** Wrong PINs left before a block. */
  triesLeft: z.number().int(),
});
export type PaymentPinStatus = z.infer<typeof paymentPinStatusSchema>;

/*
 * The web forms that choose a PIN (never sent as such: each form sends its request's fields). The
 * new PIN is typed twice, and with the owner's phone number every weakness rule runs before
 * anything is sent; the server checks them again.
 */

/** The new PIN typed a second time: read like a PIN (Bangla digits, spaces), compared with the first. */
const confirmPinSchema = z
  .string({ error: paymentPinMessages.confirmPinRequired })
  .max(40, paymentPinMessages.pinsDoNotMatch)
  .transform((pin) => toAsciiDigits(pin).replace(/\s+/g, ''))
  .pipe(z.string().min(1, paymentPinMessages.confirmPinRequired));

/** A new PIN checked by every weakness rule, the owner's phone number included when it is known. */
const newPaymentPinFor = (phone: string | undefined) =>
  paymentPinSchema.superRefine((pin, context) => {
    const weakness = paymentPinWeakness(pin, phone);
    if (weakness) context.addIssue({ code: 'custom', message: weakness });
  });

const confirmed = { path: ['confirmPin'], message: paymentPinMessages.pinsDoNotMatch };

/** Choosing the first PIN (after sign-up): the PIN and the same again. */
export const setPaymentPinFormSchema = (phone?: string) =>
  z.object({ pin: newPaymentPinFor(phone), confirmPin: confirmPinSchema }).refine((form) => form.pin === form.confirmPin, confirmed);
export type SetPaymentPinForm = z.input<ReturnType<typeof setPaymentPinFormSchema>>;

/** Changing it in Settings: the PIN in use, a different new one, and the new one again. */
export const changePaymentPinFormSchema = (phone?: string) =>
  z
    .object({ currentPin: paymentPinSchema, newPin: newPaymentPinFor(phone), confirmPin: confirmPinSchema })
    .refine((form) => form.newPin !== form.currentPin, { path: ['newPin'], message: paymentPinMessages.samePin })
    .refine((form) => form.newPin === form.confirmPin, confirmed);
export type ChangePaymentPinForm = z.input<ReturnType<typeof changePaymentPinFormSchema>>;

/** A forgotten (or blocked) PIN: the code from the SMS, the account's password, the new PIN twice. */
export const resetPaymentPinFormSchema = (phone?: string) =>
  z
    .object({ code: phoneCodeSchema, currentPassword: currentPasswordSchema, newPin: newPaymentPinFor(phone), confirmPin: confirmPinSchema })
    .refine((form) => form.newPin === form.confirmPin, confirmed);
export type ResetPaymentPinForm = z.input<ReturnType<typeof resetPaymentPinFormSchema>>;
