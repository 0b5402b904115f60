import { z } from 'zod';
import { amountCentsSchema, moneySchema, typedDollarsSchema } from './money.js';
import { phoneSchema } from './phone.js';
import { pageQuerySchema, pageSchema } from './statement.js';
import { optionalShownText } from './text.js';

export const requestMessages = {
  noteTooLong: 'Note must be at most 140 characters',
  ownNumber: 'You cannot request money from yourself',
  ownNumberBlocked: 'You cannot block your own number',
  noWallet: 'No Poisha wallet has this number',
  notPending: 'This request is no longer pending',
  tooManyPending: 'You already have 3 requests waiting for this number. Wait until they are paid, declined or cancelled.',
} as const;

/** Limits on asking (decision 0033): requests waiting at once for one pair, and requests per hour. */
export const REQUEST_LIMITS = { pendingPerPair: 3, perRequesterPerHour: 20, perPayerPerHour: 30 } as const;

/** A request stays open this long; after it, it reads "expired" and can no longer be paid. */
export const REQUEST_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const noteSchema = optionalShownText({ tooLong: requestMessages.noteTooLong, max: 140 }).default('');

/** Ask the wallet behind `from` for `amount` cents. */
export const createMoneyRequestSchema = z.object({
  from: phoneSchema,
  amount: amountCentsSchema,
  note: noteSchema,
});
export type CreateMoneyRequest = z.input<typeof createMoneyRequestSchema>;

/** The Request Money form: dollars and cents, as in the Send Money form, turned into the request body. */
export const requestMoneyFormSchema = z
  .object({ from: phoneSchema, amount: typedDollarsSchema, note: noteSchema })
  .transform((form) => ({ from: form.from, amount: form.amount, note: form.note }));
export type RequestMoneyForm = z.input<typeof requestMoneyFormSchema>;

export const moneyRequestStatusSchema = z.enum(['pending', 'paid', 'declined', 'cancelled', 'expired']);
export type MoneyRequestStatus = z.infer<typeof moneyRequestStatusSchema>;

export const moneyRequestDirectionSchema = z.enum(['received', 'sent']);
export type MoneyRequestDirection = z.infer<typeof moneyRequestDirectionSchema>;

export const moneyRequestSchema = z.object({
  id: z.string(),
  /** received: someone asks the signed-in user to pay; sent: the signed-in user asked. */
  direction: moneyRequestDirectionSchema,
  amount: moneySchema,
  note: z.string(),
  status: moneyRequestStatusSchema,
  /** The other wallet: who asks (received) or who is asked (sent). */
  counterparty: z.object({ name: z.string(), phone: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** The ledger transfer that paid it, once paid. */
  transferId: z.string().nullable(),
});
export type MoneyRequest = z.infer<typeof moneyRequestSchema>;

export const moneyRequestsQuerySchema = pageQuerySchema.extend({ direction: moneyRequestDirectionSchema.default('received') });
export type MoneyRequestsQuery = z.input<typeof moneyRequestsQuerySchema>;
export const moneyRequestsPageSchema = pageSchema(moneyRequestSchema);
export type MoneyRequestsPage = z.infer<typeof moneyRequestsPageSchema>;

/** The answer to Pay: the request, now paid, and the payer's balance after the transfer. */
export const paidRequestSchema = z.object({ request: moneyRequestSchema, balanceAfter: moneySchema });
export type PaidRequest = z.infer<typeof paidRequestSchema>;

/** "Block requests from this number": the payer names the requester's phone (the body of a block, the path of an unblock). */
export const requestBlockSchema = z.object({ phone: phoneSchema });

/** A number whose requests the user does not receive. */
export const blockedRequesterSchema = z.object({ phone: z.string(), name: z.string(), blockedAt: z.string() });
export type BlockedRequester = z.infer<typeof blockedRequesterSchema>;
export const blockedRequestersSchema = z.object({ items: z.array(blockedRequesterSchema) });
export type BlockedRequesters = z.infer<typeof blockedRequestersSchema>;
