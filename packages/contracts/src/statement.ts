import { z } from 'zod';
import { moneySchema } from './money.js';

export const PAGE_SIZES = [5, 10, 20] as const;

/** `?page=0&pageSize=5`: page from 0, page size 5 (default), 10 or 20. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce
    .number()
    .refine((size): size is (typeof PAGE_SIZES)[number] => (PAGE_SIZES as readonly number[]).includes(size), 'pageSize must be 5, 10 or 20')
    .default(5)
    // The refinement is invisible to JSON Schema: the document names the allowed sizes itself.
    .meta({ type: 'integer', enum: [...PAGE_SIZES], description: 'Items per page: 5, 10 or 20.' }),
});

export const statementTypeSchema = z.enum(['sent', 'received', 'all']);
export type StatementType = z.infer<typeof statementTypeSchema>;

export const statementQuerySchema = pageQuerySchema.extend({ type: statementTypeSchema.default('all') });
export type StatementQuery = z.input<typeof statementQuerySchema>;

export const transferKindSchema = z.enum(['welcome_bonus', 'transfer', 'bank_deposit', 'card_deposit', 'paypal_deposit']);
export type TransferKind = z.infer<typeof transferKindSchema>;

export const statementEntrySchema = z.object({
  id: z.string(),
  transferId: z.string(),
  type: transferKindSchema,
  direction: z.enum(['in', 'out']),
  /** Signed: negative when money left the wallet. */
  amount: moneySchema,
  counterparty: z.object({ name: z.string(), phone: z.string().nullable() }),
  reference: z.string().nullable(),
  createdAt: z.string(),
  balanceAfter: moneySchema,
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
  });
}

export const statementPageSchema = pageSchema(statementEntrySchema);
export type StatementPage = z.infer<typeof statementPageSchema>;

/** The dates a statement can be asked for: the wallet's whole possible life, and no year 0 or 9999. */
export const STATEMENT_DATE_RANGE = { first: '2000-01-01', last: '2099-12-31' } as const;

const statementDateSchema = z.iso
  .date()
  .refine(
    (date) => date >= STATEMENT_DATE_RANGE.first && date <= STATEMENT_DATE_RANGE.last,
    `Choose a date from ${STATEMENT_DATE_RANGE.first} to ${STATEMENT_DATE_RANGE.last}`,
  );


/** Page count is ceil(total / pageSize); an empty list has one (empty) page to show. */
export const pageCount = (total: number, pageSize: number) => Math.ceil(total / pageSize);

/** Spending (money sent) over calendar periods in Asia/Dhaka time, for the Overall card. */
export const spendingSummarySchema = z.object({
  week: moneySchema,
  month: moneySchema,
  year: moneySchema,
  months: z.array(z.object({ month: z.string(), spent: moneySchema })),
});
export type SpendingSummary = z.infer<typeof spendingSummarySchema>;

/** A statement period: two dates in Asia/Dhaka, both included, the first not after the second. */
const statementRangeShape = { from: statementDateSchema, to: statementDateSchema };

/**
 * The one period rule every statement query follows (list export, summary, PDF): when both ends
 * are given, the start is not after the end. An open end (the CSV's) has nothing to compare.
 */
export const periodInOrder = (range: { from?: string | undefined; to?: string | undefined }) =>
  range.from === undefined || range.to === undefined || range.from <= range.to;
const periodOutOfOrderError = { message: 'The start date must not be after the end date', path: ['to'] };

/** The CSV export: every entry, or those from and/or to a date; a period given in full is in order. */
export const statementCsvQuerySchema = z
  .object({
    type: statementTypeSchema.default('all'),
    from: statementDateSchema.optional(),
    to: statementDateSchema.optional(),
  })
  .refine(periodInOrder, periodOutOfOrderError);

export const statementRangeQuerySchema = z.object(statementRangeShape).refine(periodInOrder, periodOutOfOrderError);
export type StatementRange = z.infer<typeof statementRangeQuerySchema>;

/** The languages a PDF statement is written in: the user's choice in the app. */
export const statementLanguageSchema = z.enum(['en', 'bn']);
export type StatementLanguage = z.infer<typeof statementLanguageSchema>;

export const statementPdfQuerySchema = z
  .object({ ...statementRangeShape, lang: statementLanguageSchema.default('en') })
  .refine(periodInOrder, periodOutOfOrderError);

/** Where money came from and went, per kind: a transfer is "sent" or "received" by its direction. */
export const balanceLineKindSchema = z.enum(['sent', 'received', 'bank_deposit', 'card_deposit', 'paypal_deposit', 'welcome_bonus']);
export type BalanceLineKind = z.infer<typeof balanceLineKindSchema>;

/**
 * "Where did my money go?": opening balance + the sum of every line = closing balance. Line
 * amounts are signed (money out is negative); moneyIn and moneyOut are both positive totals.
 */
export const statementSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  opening: moneySchema,
  closing: moneySchema,
  moneyIn: moneySchema,
  moneyOut: moneySchema,
  entryCount: z.number().int(),
  lines: z.array(z.object({ kind: balanceLineKindSchema, amount: moneySchema, count: z.number().int() })),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

/** A monthly statement issued on the 1st (Asia/Dhaka): its month and the dates it covers. */
export const monthlyStatementSchema = z.object({
  month: z.string().describe('YYYY-MM'),
  from: z.string(),
  to: z.string(),
  issuedAt: z.string(),
});
export type MonthlyStatement = z.infer<typeof monthlyStatementSchema>;
export const monthlyStatementsSchema = z.object({ items: z.array(monthlyStatementSchema) });
export type MonthlyStatements = z.infer<typeof monthlyStatementsSchema>;
