import {
  spendingSummarySchema,
  statementCsvQuerySchema,
  statementPageSchema,
  statementPdfQuerySchema,
  statementQuerySchema,
  statementRangeQuerySchema,
  statementSummarySchema,
  monthlyStatementsSchema,
} from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../core/clock.js';
import { sendAttachment } from '../../http/attachment.js';
import { fileResponse } from '../../http/openapi.js';
import { declareRoutes } from '../../http/routes.js';
import { requireAuth } from '../../core/session/session-auth.js';
import type { StatementService } from './statement.service.js';

export const statementRoutes: FastifyPluginAsyncZod<{ statement: StatementService; clock: Clock }> = async (app, { statement, clock }) => {
  const route = declareRoutes(app, 'statement');

  route.get('/statement', 'The wallet statement, newest first: sent, received or all', {
    querystring: statementQuerySchema, answer: [200, statementPageSchema], errors: [400, 401],
    handler: async (request) => statement.page(requireAuth(request).userId, request.query),
  });

  route.get('/statement.csv', 'The statement as CSV; from and to are dates in Asia/Dhaka, both included', {
    querystring: statementCsvQuerySchema, answer: [200, fileResponse('text/csv', 'The statement as CSV (UTF-8 with a byte order mark)')], errors: [400, 401],
    handler: async (request, reply) => {
      const csv = await statement.csv(requireAuth(request).userId, request.query);
      return sendAttachment(reply, { contentType: 'text/csv; charset=utf-8', filename: `poisha-statement-${request.query.type}.csv`, body: csv });
    },
  });

  route.get('/spending', 'Money sent this week (from Saturday), this month, this year and in each of the last six months, in Asia/Dhaka time', {
    answer: [200, spendingSummarySchema], errors: [401],
    handler: async (request) => statement.spending(requireAuth(request).userId, clock()),
  });

  route.get('/statement/summary', 'Where did my money go: opening balance, sums by kind and closing balance for dates in Asia/Dhaka, both included', {
    querystring: statementRangeQuerySchema, answer: [200, statementSummarySchema], errors: [400, 401],
    handler: async (request) => statement.summary(requireAuth(request).userId, request.query, clock()),
  });

  route.get('/statement.pdf', 'The statement of a period as a PDF, in English or Bangla; from and to are dates in Asia/Dhaka, both included', {
    querystring: statementPdfQuerySchema, answer: [200, fileResponse('application/pdf', 'The statement')], errors: [400, 401],
    handler: async (request, reply) => {
      const { from, to } = request.query;
      const pdf = await statement.pdf(requireAuth(request).userId, request.query, clock(), request.log);
      return sendAttachment(reply, { contentType: 'application/pdf', filename: `poisha-statement-${from}-to-${to}.pdf`, body: pdf });
    },
  });

  route.get('/statements/monthly', 'The monthly statements issued to the user on the 1st of each month (Asia/Dhaka), newest first; each opens as statement.pdf for its dates', {
    answer: [200, monthlyStatementsSchema], errors: [401],
    handler: async (request) => statement.monthly(requireAuth(request).userId),
  });
};
