import { moneyRequestsPageSchema, type MoneyRequestDirection } from '@poisha/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every money-request query starts with this key, so one invalidation refreshes both lists. */
export const moneyRequestsQueryKey = ['money-requests'] as const;

const PAGE_SIZE = 10;

export function getMoneyRequests(direction: MoneyRequestDirection, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ direction, page: String(page), pageSize: String(PAGE_SIZE) });
  return apiRequest(`/money-requests?${query.toString()}`, { schema: moneyRequestsPageSchema, signal });
}

export const moneyRequestsQueryOptions = (direction: MoneyRequestDirection) =>
  infiniteQueryOptions({
    queryKey: [...moneyRequestsQueryKey, direction],
    queryFn: ({ pageParam, signal }) => getMoneyRequests(direction, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.page + 1 < last.pageCount ? last.page + 1 : undefined),
  });

/** Requests received (someone asks the user) or sent (the user asked), newest first. */
export function useMoneyRequests(direction: MoneyRequestDirection) {
  return useInfiniteQuery(moneyRequestsQueryOptions(direction));
}
