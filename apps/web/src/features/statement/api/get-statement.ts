import { statementPageSchema, type StatementType } from '@poisha/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../../lib/api-client';
import { walletQueryKey } from '../../../session';

/** Every statement query starts with this key (under the wallet's, which money movements refresh). */
export const statementQueryKey = [...walletQueryKey, 'statement'] as const;

export interface StatementParams {
  type: StatementType;
  /** From 0. */
  page: number;
  pageSize: number;
}

/** One page of the signed-in user's statement, newest first; amounts are signed cents. */
export function getStatement({ type, page, pageSize }: StatementParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ type, page: String(page), pageSize: String(pageSize) });
  return apiRequest(`/statement?${query.toString()}`, { schema: statementPageSchema, signal });
}

export const statementQueryOptions = (params: StatementParams) =>
  queryOptions({
    queryKey: [...statementQueryKey, params.type, params.page, params.pageSize],
    queryFn: ({ signal }) => getStatement(params, signal),
  });

/** While the next page loads, the previous one stays on screen (no jump to an empty table). */
export function useStatement(params: StatementParams) {
  return useQuery({ ...statementQueryOptions(params), placeholderData: keepPreviousData });
}

/** Where "Export CSV" downloads the entries of a tab; the session cookie authenticates it. */
export function statementCsvUrl(type: StatementType): string {
  return `${API_BASE}/statement.csv?${new URLSearchParams({ type }).toString()}`;
}
