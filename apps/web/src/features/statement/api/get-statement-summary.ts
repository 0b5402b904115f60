import { monthlyStatementsSchema, statementSummarySchema, type StatementLanguage, type StatementRange } from '@poisha/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../../lib/api-client';
import { statementQueryKey } from './get-statement';

/** "Where did my money go?" for a period of Bangladesh dates, both included. */
export function useStatementSummary(range: StatementRange | null) {
  return useQuery({
    queryKey: [...statementQueryKey, 'summary', range?.from, range?.to],
    queryFn: ({ signal }) => apiRequest(`/statement/summary?${new URLSearchParams({ from: range!.from, to: range!.to }).toString()}`, { schema: statementSummarySchema, signal }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** The statements issued on the 1st of each month, newest first. */
export function useMonthlyStatements() {
  return useQuery({
    queryKey: [...statementQueryKey, 'monthly'],
    queryFn: ({ signal }) => apiRequest('/statements/monthly', { schema: monthlyStatementsSchema, signal }),
  });
}

/** Where the PDF of a period downloads, in the reader's language; the session cookie authenticates it. */
export function statementPdfUrl(range: StatementRange, language: StatementLanguage): string {
  return `${API_BASE}/statement.pdf?${new URLSearchParams({ from: range.from, to: range.to, lang: language }).toString()}`;
}

/** Where the CSV of a period downloads: every entry, in and out. */
export function periodCsvUrl(range: StatementRange): string {
  return `${API_BASE}/statement.csv?${new URLSearchParams({ type: 'all', from: range.from, to: range.to }).toString()}`;
}
