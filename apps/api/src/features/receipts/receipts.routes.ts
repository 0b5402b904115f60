import { receiptParamsSchema, receiptPdfQuerySchema, receiptSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/session/session-auth.js';
import type { Clock } from '../../core/clock.js';
import { sendAttachment } from '../../http/attachment.js';
import { fileResponse } from '../../http/openapi.js';
import { declareRoutes } from '../../http/routes.js';
import type { ReceiptsService } from './receipts.service.js';

/** Receipts of the signed-in user's transfers and deposits: the details, and a verifiable PDF. */
export const receiptsRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptsService; clock: Clock }> = async (app, { receipts, clock }) => {
  const route = declareRoutes(app, 'documents');

  route.get('/receipts/:transferId', "The receipt of one of the signed-in user's transfers or deposits", {
    params: receiptParamsSchema, answer: [200, receiptSchema], errors: [400, 401, 404],
    handler: async (request) => receipts.receipt(requireAuth(request).userId, request.params.transferId),
  });

  route.get('/receipts/:transferId/pdf', 'The receipt as a PDF in English or Bangla, with a code and QR code that /verify checks; each download is issued a new code', {
    querystring: receiptPdfQuerySchema, params: receiptParamsSchema, answer: [200, fileResponse('application/pdf', 'The receipt')], errors: [400, 401, 404],
    handler: async (request, reply) => {
      const { pdf, code } = await receipts.receiptPdf(requireAuth(request).userId, request.params.transferId, request.query.lang, clock());
      return sendAttachment(reply, { contentType: 'application/pdf', filename: `poisha-receipt-${code}.pdf`, body: pdf });
    },
  });
};
