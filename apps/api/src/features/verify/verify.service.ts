import { errorCodes, type VerifyDocumentResult } from '@poisha/contracts';
import type { Kysely } from 'kysely';
import { verifyDocument, type DocumentSummary } from '../../core/documents/documents.js';
import { AppError } from '../../core/errors.js';
import { money } from '../../core/ledger/money.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';
import type { Database } from '../../db/schema.js';
import { verifyLimit } from './verify-limit.js';

function summaryForVerifier(summary: DocumentSummary | null): VerifyDocumentResult['summary'] {
  if (summary === null) return null;
  if (summary.kind === 'receipt') {
    return { ...summary, amount: money(summary.amount) };
  }
  return {
    ...summary,
    openingBalance: money(summary.openingBalance),
    closingBalance: money(summary.closingBalance),
    totalIn: money(summary.totalIn),
    totalOut: money(summary.totalOut),
  };
}

/** The public check of a statement's or receipt's code (decisions 0018 and 0048). */
export function createVerifyService({ db }: { db: Kysely<Database> }) {
  return {
    /** Whether the document with this code (and, if given, this file) matches the ledger; 404 for an unknown code. */
    async verify(request: { code: string; fileSha256?: string | undefined }, address: string, nowMs: number): Promise<VerifyDocumentResult> {
      // Counted before the look-up, so codes cannot be tried in bulk from one address.
      await consumeRateLimits(db, nowMs, [{ limit: verifyLimit, subject: address }]);
      const result = await verifyDocument(db, request.code, request.fileSha256);
      if (!result) throw new AppError(errorCodes.notFound, 'No document has this code. Check the code printed on the document.');
      return { ...result, summary: summaryForVerifier(result.summary) };
    },
  };
}

export type VerifyService = ReturnType<typeof createVerifyService>;
