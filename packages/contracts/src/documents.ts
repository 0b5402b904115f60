import { z } from 'zod';
import { moneySchema } from './money.js';
import { statementEntrySchema, transferKindSchema } from './statement.js';

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is hard to get wrong. */
export const DOCUMENT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const DOCUMENT_CODE_LENGTH = 10;

export const documentMessages = {
  codeInvalid: 'Enter the 10-character code printed on the document',
} as const;

/**
 * A code as typed or read from a URL, in its stored form, or null when it cannot be one: case,
 * dashes and spaces do not matter, and the letters Crockford reads as digits are read so.
 */
export function normalizeDocumentCode(typed: string): string | null {
  const code = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  return code.length === DOCUMENT_CODE_LENGTH && [...code].every((character) => DOCUMENT_CODE_ALPHABET.includes(character)) ? code : null;
}

/** How a code is printed: two groups of five. */
export const displayDocumentCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

export const documentCodeSchema = z
  .string()
  .max(40, documentMessages.codeInvalid)
  .transform((typed, context) => {
    const code = normalizeDocumentCode(typed);
    if (code === null) {
      context.addIssue({ code: 'custom', message: documentMessages.codeInvalid });
      return z.NEVER;
    }
    return code;
  });

/** POST /verify: the code, and optionally the SHA-256 of the file, computed where the file is. */
export const verifyDocumentRequestSchema = z.object({
  code: documentCodeSchema,
  fileSha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'fileSha256 must be 64 hexadecimal digits')
    .optional(),
});
export type VerifyDocumentRequest = z.input<typeof verifyDocumentRequestSchema>;

export const documentKindSchema = z.enum(['statement', 'receipt']);

export const documentSummarySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('receipt'), date: z.string(), transferKind: transferKindSchema, direction: z.enum(['in', 'out']), amount: moneySchema }),
  z.object({
    kind: z.literal('statement'),
    /** The first instant in the statement and the first one after it (Asia/Dhaka midnights). */
    from: z.string(),
    to: z.string(),
    openingBalance: moneySchema,
    closingBalance: moneySchema,
    totalIn: moneySchema,
    totalOut: moneySchema,
    entries: z.number().int(),
  }),
]);
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

export const verifyDocumentResultSchema = z.object({
  /** genuine: the journal still says exactly what the document says, and its chain holds. */
  status: z.enum(['genuine', 'altered']),
  kind: documentKindSchema,
  issuedAt: z.string(),
  /** The holder's name, masked: "R**** U****". */
  holder: z.string(),
  /** What the document says, for a genuine one only. */
  summary: documentSummarySchema.nullable(),
  /** The file's SHA-256 compared with the one recorded when it was issued. */
  file: z.enum(['matches', 'differs', 'not_checked', 'not_recorded']),
});
export type VerifyDocumentResult = z.infer<typeof verifyDocumentResultSchema>;

/**
 * GET /receipts/{transferId}: one movement of the signed-in user's wallet, as its receipt shows it:
 * a statement entry without the posting's id, its amount positive (the direction says which way
 * it went), with the holder and the transfer's hash in the journal.
 */
export const receiptSchema = statementEntrySchema.omit({ id: true }).extend({
  /** Positive, where the statement's is signed: the direction says which way it went. */
  amount: moneySchema,
  /** The wallet holder, as the receipt names them. */
  holder: z.object({ name: z.string(), phone: z.string() }),
  /** The transfer's hash in the journal: since decision 0048 its content hash, which its wallets' chains cover (0018 before). */
  chainHash: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptParamsSchema = z.object({ transferId: z.string().min(1).max(64) });

/** The languages a receipt PDF is written in: the user's choice in the app. */
export const receiptPdfQuerySchema = z.object({ lang: z.enum(['en', 'bn']).default('en') });
