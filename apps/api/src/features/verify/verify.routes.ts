import { errorCodes, verifyDocumentRequestSchema, verifyDocumentResultSchema, type VerifyDocumentResult } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { verifyDocument, type DocumentSummary } from '../../core/documents/documents.js';
import { money } from '../../core/ledger/money.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../core/errors.js';
import type { Clock } from '../../core/clock.js';
import { errorResponses } from '../../http/openapi.js';
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

/** The public check of a statement's or receipt's code (decision 0018). */
export const verifyRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (app, { db, clock }) => {
  app.post(
    '/verify',
    {
      config: { public: true },
      schema: {
        tags: ['documents'],
        summary:
          'Whether the statement or receipt with this code still matches the ledger; optionally whether a file is the one issued (send its SHA-256, never the file). Shows only the kind, dates, totals and a masked name',
        body: verifyDocumentRequestSchema,
        response: { 200: verifyDocumentResultSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      // Counted before the look-up, so codes cannot be tried in bulk from one address.
      await consumeRateLimits(db, clock(), [{ limit: verifyLimit, subject: request.ip ?? 'unknown' }]);
      const result = await verifyDocument(db, request.body.code, request.body.fileSha256);
      if (!result) throw new AppError(errorCodes.notFound, 'No document has this code. Check the code printed on the document.');
      return { ...result, summary: summaryForVerifier(result.summary) };
    },
  );
};
