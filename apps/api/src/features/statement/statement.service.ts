import { createHash } from 'node:crypto';
import {
  pageCount,
  type MonthlyStatements,
  type SpendingSummary,
  type StatementLanguage,
  type StatementPage,
  type StatementRange,
  type StatementSummary,
  type StatementType,
} from '@poisha/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { money } from '../../core/ledger/money.js';
import { walletOf } from '../../core/ledger/wallets.js';
import { onFirstUse } from '../../core/load-on-first-use.js';
import type { Database } from '../../db/schema.js';
import { present } from '../../db/values.js';
import { dhakaMidnight, spendingPeriods } from './dhaka-time.js';
import { statementMonth } from './monthly-statements.js';
import { listMonthlyStatements } from './monthly-statements.repository.js';
import { statementCsv } from './statement-csv.js';
import { entriesInPeriod, statementHolder } from './statement-period.repository.js';
import { verifiableStatements } from './statement-seal.js';
import { periodOf, statementSummary } from './statement-summary.js';
import { countEntries, listEntries, statementPage, sumSpending } from './statement.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An export is a download, not a backup: a bound on what one request may build in memory. */
const CSV_MAX_ROWS = 100_000;
/** Ten years of monthly statements; older months stay available as any period's PDF. */
const MONTHLY_LIST_LIMIT = 120;
/** pdfkit, its fonts and the QR code maker load with the first PDF asked for. */
const loadStatementPdf = onFirstUse(() => import('./pdf/statement-pdf.js'));

/** The signed-in user's statement: a page of it, its CSV and PDF, spending, the period's summary, the monthly statements. */
export function createStatementService({ db, publicUrl }: { db: Kysely<Database>; publicUrl: string }) {
  const sealStatement = verifiableStatements(db, publicUrl);

  return {
    async page(userId: string, query: { type: StatementType; page: number; pageSize: number }): Promise<StatementPage> {
      const { type, page, pageSize } = query;
      // Both at once, neither waiting for the wallet's row: one round trip's wait, not two.
      const [total, items] = await Promise.all([
        countEntries(db, userId, type),
        statementPage(db, userId, type, { limit: pageSize, offset: page * pageSize }),
      ]);
      return { items, total, page, pageSize, pageCount: pageCount(total, pageSize) };
    },

    /** The entries as CSV; `from` and `to` are dates in Asia/Dhaka, both included. */
    async csv(userId: string, query: { type: StatementType; from?: string | undefined; to?: string | undefined }): Promise<string> {
      const { type, from, to } = query;
      const wallet = await walletOf(db, userId);
      const entries = await listEntries(db, wallet.id, type, {
        limit: CSV_MAX_ROWS,
        offset: 0,
        ...(from ? { from: dhakaMidnight(from) } : {}),
        ...(to ? { to: dhakaMidnight(to) + DAY_MS } : {}),
      });
      return statementCsv(entries);
    },

    /** Money sent this week (from Saturday), this month, this year and in each of the last six months, in Asia/Dhaka time. */
    async spending(userId: string, nowMs: number): Promise<SpendingSummary> {
      const wallet = await walletOf(db, userId);
      const periods = spendingPeriods(nowMs);
      const sums = await sumSpending(db, wallet.id, periods);
      return {
        week: money(sums.week),
        month: money(sums.month),
        year: money(sums.year),
        months: periods.months.map((month, index) => ({ month: month.label, spent: money(present(sums.months[index], `spent in ${month.label}`)) })),
      };
    },

    /** Where did my money go: opening balance, sums by kind and closing balance. */
    async summary(userId: string, { from, to }: StatementRange, nowMs: number): Promise<StatementSummary> {
      const wallet = await walletOf(db, userId);
      const summary = await statementSummary(db, wallet.id, periodOf({ from, to }, nowMs));
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

    /**
     * The PDF of a period, drawn while it streams. It is registered as a verifiable document
     * before the first page, and the SHA-256 of exactly the bytes sent is recorded for /verify
     * once the last one is out.
     */
    async pdf(userId: string, { from, to, lang }: StatementRange & { lang: StatementLanguage }, nowMs: number, log: FastifyBaseLogger): Promise<PDFKit.PDFDocument> {
      const wallet = await walletOf(db, userId);
      const period = periodOf({ from, to }, nowMs);
      const [holder, summary] = await Promise.all([statementHolder(db, userId), statementSummary(db, wallet.id, period)]);
      const seal = await sealStatement({ userId, walletId: wallet.id, from, to, period, summary, nowMs });
      const { renderStatementPdf } = await loadStatementPdf();
      const pdf = renderStatementPdf({
        language: lang,
        holder,
        walletId: wallet.id,
        period: { from, to },
        generatedAt: nowMs,
        summary,
        entries: entriesInPeriod(db, wallet.id, period),
        seal,
      });
      const digest = createHash('sha256');
      pdf.on('data', (chunk: Buffer) => digest.update(chunk));
      pdf.on('end', () => {
        seal.recordFile(digest.digest('hex')).catch((error: unknown) => log.error({ err: error }, 'statement PDF: recording its digest failed'));
      });
      pdf.on('error', (error) => log.error({ err: error }, 'statement PDF failed while streaming'));
      return pdf;
    },

    /** The monthly statements issued to the user, newest first; each opens as the PDF of its dates. */
    async monthly(userId: string): Promise<MonthlyStatements> {
      const issued = await listMonthlyStatements(db, userId, MONTHLY_LIST_LIMIT);
      return {
        items: issued.map(({ month, issuedAt }) => {
          const { from, to } = statementMonth(month);
          return { month, from, to, issuedAt };
        }),
      };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
