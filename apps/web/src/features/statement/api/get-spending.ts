import { spendingSummarySchema } from '@poisha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { walletQueryKey } from '../../../session';

export const spendingQueryKey = [...walletQueryKey, 'spending'] as const;

/** Money sent this week, month and year and in each recent month (Asia/Dhaka calendar). */
export function getSpending(signal?: AbortSignal) {
  return apiRequest('/spending', { schema: spendingSummarySchema, signal });
}

export const spendingQueryOptions = queryOptions({ queryKey: spendingQueryKey, queryFn: ({ signal }) => getSpending(signal) });

export function useSpending() {
  return useQuery(spendingQueryOptions);
}
