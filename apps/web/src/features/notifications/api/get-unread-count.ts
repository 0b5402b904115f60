import { NOTIFICATION_POLL_MS, unreadCountSchema } from '@poisha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every notifications query starts with this key. */
export const notificationsQueryKey = ['notifications'] as const;
export const unreadCountQueryKey = [...notificationsQueryKey, 'unread-count'] as const;

export function getUnreadCount(signal?: AbortSignal) {
  return apiRequest('/notifications/unread-count', { schema: unreadCountSchema, signal, passive: true });
}

/**
 * The unread count, asked every NOTIFICATION_POLL_MS while the tab is visible (TanStack Query
 * stops interval refetches in hidden tabs) and again when the window regains focus. One indexed
 * count per ask: see docs/decisions/ on notifications by polling.
 */
export const unreadCountQueryOptions = queryOptions({
  queryKey: unreadCountQueryKey,
  queryFn: ({ signal }) => getUnreadCount(signal),
  refetchInterval: NOTIFICATION_POLL_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
  staleTime: 0,
});

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions);
}
