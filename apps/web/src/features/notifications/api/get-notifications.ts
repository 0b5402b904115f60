import { notificationsPageSchema } from '@poisha/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-unread-count';

const PAGE_SIZE = 10;

export function getNotifications(page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  return apiRequest(`/notifications?${query.toString()}`, { schema: notificationsPageSchema, signal });
}

export const notificationsQueryOptions = infiniteQueryOptions({
  queryKey: [...notificationsQueryKey, 'list'],
  queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
  initialPageParam: 0,
  getNextPageParam: (last) => (last.page + 1 < last.pageCount ? last.page + 1 : undefined),
});

/** Newest first; fetched only while the list is open. */
export function useNotifications(enabled: boolean) {
  return useInfiniteQuery({ ...notificationsQueryOptions, enabled });
}
