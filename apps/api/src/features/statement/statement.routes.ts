import {
  pageCount,
  spendingSummarySchema,
  statementCsvQuerySchema,
  statementPageSchema,
  statementPdfQuerySchema,
  statementQuerySchema,
  statementRangeQuerySchema,
  statementSummarySchema,
  monthlyStatementsSchema,
} from '@poisha/contracts';
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { present } from '../../db/values.js';
import type { Clock } from '../../core/clock.js';
import { errorResponses, fileResponse } from '../../http/openapi.js';
import { requireAuth } from '../../core/session/session-auth.js';
import { money } from '../../core/ledger/money.js';
import { walletOf } from '../../core/ledger/wallets.js';
import { dhakaMidnight, spendingPeriods } from './dhaka-time.js';
import { listMonthlyStatements, statementMonth } from './monthly-statements.js';
import { onFirstUse } from '../../core/load-on-first-use.js';
import { verifiableStatements } from './statement-seal.js';
import { periodOf, statementSummary } from './statement-summary.js';
import { statementCsv } from './statement-csv.js';
import { entriesInPeriod, statementHolder } from './statement-period.repository.js';
import { countEntries, listEntries, statementPage, sumSpending } from './statement.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An export is a download, not a backup: a bound on what one request may build in memory. */
const CSV_MAX_ROWS = 100_000;
/** Ten years of monthly statements; older months stay available as any period's PDF. */
const MONTHLY_LIST_LIMIT = 120;
/** pdfkit, its fonts and the QR code maker load with the first PDF asked for. */
const loadStatementPdf = onFirstUse(() => import('./pdf/statement-pdf.js'));

export const statementRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock; publicUrl: string }> = async (app, { db, clock, publicUrl }) => {
  const sealStatement = verifiableStatements(db, publicUrl);

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
      const { userId } = requireAuth(request);
      // Both at once, neither waiting for the wallet's row: one round trip's wait, not two.
      const [total, items] = await Promise.all([
        countEntries(db, userId, type),
        statementPage(db, userId, type, { limit: pageSize, offset: page * pageSize }),
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
        response: { 200: fileResponse('text/csv', 'The statement as CSV (UTF-8 with a byte order mark)'), ...errorResponses(400, 401) },
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
    async (request) => {
      const { from, to } = request.query;
      const wallet = await walletOf(db, requireAuth(request).userId);
      const summary = await statementSummary(db, wallet.id, periodOf({ from, to }, clock()));
      return {
        from,
        to,
        opening: money(summary.opening),
        closing: money(summary.closing),
        moneyIn: money(summary.moneyIn),
        moneyOut: money(summary.moneyOut),
        entryCount: summary.entryCount,
        lines: summary.lines.map((line) => ({ kind: line.kind, amount: money(line.amount), count: line.count })),
      };
    },
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
      const { from, to, lang } = request.query;
      const userId = requireAuth(request).userId;
      const now = clock();
      const wallet = await walletOf(db, userId);
      const period = periodOf({ from, to }, now);
      const [holder, summary] = await Promise.all([statementHolder(db, userId), statementSummary(db, wallet.id, period)]);
      const seal = await sealStatement({ userId, walletId: wallet.id, from, to, period, summary, nowMs: now });
      const { renderStatementPdf } = await loadStatementPdf();
      const pdf = renderStatementPdf({
        language: lang,
        holder,
        walletId: wallet.id,
        period: { from, to },
        generatedAt: now,
        summary,
        entries: entriesInPeriod(db, wallet.id, period),
        seal,
      });
      // The digest of exactly the bytes sent, recorded for /verify once the last one is out.
      const digest = createHash('sha256');
      pdf.on('data', (chunk: Buffer) => digest.update(chunk));
      pdf.on('end', () => {
        seal.recordFile(digest.digest('hex')).catch((error: unknown) => request.log.error({ err: error }, 'statement PDF: recording its digest failed'));
      });
      pdf.on('error', (error) => request.log.error({ err: error }, 'statement PDF failed while streaming'));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="poisha-statement-${from}-to-${to}.pdf"`)
        .send(pdf);
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
    async (request) => {
      const issued = await listMonthlyStatements(db, requireAuth(request).userId, MONTHLY_LIST_LIMIT);
      return {
        items: issued.map(({ month, issuedAt }) => {
          const { from, to } = statementMonth(month);
          return { month, from, to, issuedAt };
        }),
      };
    },
  );
};
