import { receiptParamsSchema, receiptPdfQuerySchema, receiptSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { issueVerifiableDocument, recordDocumentFile } from '../../core/documents/documents.js';
import { sha256Hex } from '../../core/ledger/journal-chain.js';
import { requireAuth } from '../../core/session/session-auth.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../core/errors.js';
import { isoAt, type Clock } from '../../core/clock.js';
import { errorResponses, fileResponse } from '../../http/openapi.js';
import { onFirstUse } from '../../core/load-on-first-use.js';
import { findReceipt } from './receipts.repository.js';

/** Receipts of the signed-in user's transfers and deposits: the details, and a verifiable PDF. */
/** pdfkit, its fonts and the QR code maker load with the first PDF asked for. */
const loadReceiptPdf = onFirstUse(() => import('./receipt-pdf.js'));

export const receiptsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock; publicUrl: string }> = async (app, { db, clock, publicUrl }) => {
  app.get(
    '/receipts/:transferId',
    {
      schema: {
        tags: ['documents'],
        summary: "The receipt of one of the signed-in user's transfers or deposits",
        params: receiptParamsSchema,
        response: { 200: receiptSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const found = await findReceipt(db, requireAuth(request).userId, request.params.transferId);
      if (!found) throw notFound('Receipt');
      const { accountId: _wallet, ...receipt } = found;
      return receipt;
    },
  );

  app.get(
    '/receipts/:transferId/pdf',
    {
      schema: {
        tags: ['documents'],
        summary: 'The receipt as a PDF in English or Bangla, with a code and QR code that /verify checks; each download is issued a new code',
        params: receiptParamsSchema,
        querystring: receiptPdfQuerySchema,
        response: { 200: fileResponse('application/pdf', 'The receipt'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const found = await findReceipt(db, userId, request.params.transferId);
      if (!found) throw notFound('Receipt');
      const { accountId, ...receipt } = found;
      const nowMs = clock();
      const issued = await issueVerifiableDocument(db, { userId, accountId, subject: { kind: 'receipt', transferId: receipt.transferId }, nowMs, publicUrl });
      const { renderReceiptPdf } = await loadReceiptPdf();
      const pdf = await renderReceiptPdf(receipt, { ...issued, issuedAt: isoAt(nowMs) }, request.query.lang);
      await recordDocumentFile(db, issued.code, sha256Hex(pdf));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="poisha-receipt-${issued.code}.pdf"`)
        .send(pdf);
    },
  );
};
