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
import { errorResponses, fileResponse } from '../../http/openapi.js';
import { requireAuth } from '../../core/session/session-auth.js';
import type { StatementService } from './statement.service.js';

export const statementRoutes: FastifyPluginAsyncZod<{ statement: StatementService; clock: Clock }> = async (app, { statement, clock }) => {
  app.get(
    '/statement',
    {
      schema: {
        tags: ['statement'],
        summary: 'The wallet statement, newest first: sent, received or all',
        querystring: statementQuerySchema,
        response: { 200: statementPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => statement.page(requireAuth(request).userId, request.query),
  );

  app.get(
    '/statement.csv',
    {
      schema: {
        tags: ['statement'],
        summary: 'The statement as CSV; from and to are dates in Asia/Dhaka, both included',
        querystring: statementCsvQuerySchema,
        response: { 200: fileResponse('text/csv', 'The statement as CSV (UTF-8 with a byte order mark)'), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const csv = await statement.csv(requireAuth(request).userId, request.query);
      return sendAttachment(reply, { contentType: 'text/csv; charset=utf-8', filename: `poisha-statement-${request.query.type}.csv`, body: csv });
    },
  );

  app.get(
    '/spending',
    {
      schema: {
        tags: ['statement'],
        summary: 'Money sent this week (from Saturday), this month, this year and in each of the last six months, in Asia/Dhaka time',
        response: { 200: spendingSummarySchema, ...errorResponses(401) },
      },
    },
    async (request) => statement.spending(requireAuth(request).userId, clock()),
  );

  app.get(
    '/statement/summary',
    {
      schema: {
        tags: ['statement'],
        summary: 'Where did my money go: opening balance, sums by kind and closing balance for dates in Asia/Dhaka, both included',
        querystring: statementRangeQuerySchema,
        response: { 200: statementSummarySchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => statement.summary(requireAuth(request).userId, request.query, clock()),
  );

  app.get(
    '/statement.pdf',
    {
      schema: {
        tags: ['statement'],
        summary: 'The statement of a period as a PDF, in English or Bangla; from and to are dates in Asia/Dhaka, both included',
        querystring: statementPdfQuerySchema,
        response: { 200: fileResponse('application/pdf', 'The statement'), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const pdf = await statement.pdf(requireAuth(request).userId, request.query, clock(), request.log);
      return sendAttachment(reply, { contentType: 'application/pdf', filename: `poisha-statement-${from}-to-${to}.pdf`, body: pdf });
    },
  );

  app.get(
    '/statements/monthly',
    {
      schema: {
        tags: ['statement'],
        summary: 'The monthly statements issued to the user on the 1st of each month (Asia/Dhaka), newest first; each opens as statement.pdf for its dates',
        response: { 200: monthlyStatementsSchema, ...errorResponses(401) },
      },
    },
    async (request) => statement.monthly(requireAuth(request).userId),
  );
};
