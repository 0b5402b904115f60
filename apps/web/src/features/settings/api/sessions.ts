import { otherSessionsEndedSchema, userSessionsSchema } from '@poisha/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { securityEventsQueryKey } from './profile';

export const sessionsQueryKey = ['sessions'] as const;

/** The signed-in user's live sessions, this one first (GET /me/sessions). */
export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: () => apiRequest('/me/sessions', { schema: userSessionsSchema }) });
}

/** An ended session shows in the list and in the security activity at once. */
function refresh(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
  void queryClient.invalidateQueries({ queryKey: securityEventsQueryKey });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => refresh(queryClient),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/me/sessions/sign-out-others', { method: 'POST', schema: otherSessionsEndedSchema }),
    onSettled: () => refresh(queryClient),
  });
}

/** The link of a new-device mail: ends that session, signed in or not. */
export function endSessionByLink(token: string) {
  return apiRequest('/me/sessions/end-by-link', { method: 'POST', body: { token } });
}
