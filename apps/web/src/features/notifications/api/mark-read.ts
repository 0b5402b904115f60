import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-unread-count';

/** One notification (by id), or all of them (no id), marked read. */
export function markRead(id?: string) {
  return apiRequest(id ? `/notifications/${encodeURIComponent(id)}/read` : '/notifications/read-all', { method: 'POST' });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
