import { pageCount, spendingSummarySchema, statementCsvQuerySchema, statementPageSchema, statementQuerySchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { present } from '../../db/values.js';
import type { Clock } from '../../http/clock.js';
import { errorResponses } from '../../http/openapi.js';
import { requireAuth } from '../../core/session/session-auth.js';
import { money } from '../../core/ledger/money.js';
import { walletOf } from '../../core/ledger/wallets.js';
import { dhakaMidnight, spendingPeriods } from './dhaka-time.js';
import { statementCsv } from './statement-csv.js';
import { countEntries, listEntries, sumSpending } from './statement.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An export is a download, not a backup: a bound on what one request may build in memory. */
const CSV_MAX_ROWS = 100_000;

export const statementRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (app, { db, clock }) => {
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
    async (request) => {
      const { type, page, pageSize } = request.query;
      const wallet = await walletOf(db, requireAuth(request).userId);
      const [total, items] = await Promise.all([
        countEntries(db, wallet.id, type),
        listEntries(db, wallet.id, type, { limit: pageSize, offset: page * pageSize }),
      ]);
      return { items, total, page, pageSize, pageCount: pageCount(total, pageSize) };
    },
  );

  app.get(
    '/statement.csv',
    {
      schema: {
        tags: ['statement'],
        summary: 'The statement as CSV; from and to are dates in Asia/Dhaka, both included',
        querystring: statementCsvQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { type, from, to } = request.query;
      const wallet = await walletOf(db, requireAuth(request).userId);
      const entries = await listEntries(db, wallet.id, type, {
        limit: CSV_MAX_ROWS,
        offset: 0,
        ...(from ? { from: dhakaMidnight(from) } : {}),
        ...(to ? { to: dhakaMidnight(to) + DAY_MS } : {}),
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="poisha-statement-${type}.csv"`)
        .header('cache-control', 'no-store')
        .send(statementCsv(entries));
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
    async (request) => {
      const wallet = await walletOf(db, requireAuth(request).userId);
      const periods = spendingPeriods(clock());
      const sums = await sumSpending(db, wallet.id, periods);
      return {
        week: money(sums.week),
        month: money(sums.month),
        year: money(sums.year),
        months: periods.months.map((month, index) => ({ month: month.label, spent: money(present(sums.months[index], `spent in ${month.label}`)) })),
      };
    },
  );
};
