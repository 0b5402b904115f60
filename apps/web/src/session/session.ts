import type { SessionResponse } from '@poisha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, clientErrorCodes, isApiError } from '../lib/api-client';

export const sessionQueryKey = ['session'] as const;

/**
 * Every page asks for the session, but only a signed-in answer needs checking against the schema:
 * it (and zod with it) loads then, so a visitor's first page does not download it.
 */
const loadSessionSchema = () => import('./session-schema').then((module) => module.sessionResponseSchema);

/** The current session, or null when signed out. GET /auth/session also counts as activity. */
export async function getSession(): Promise<SessionResponse | null> {
  try {
    return await apiRequest('/auth/session', { schema: loadSessionSchema });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/**
 * Never refetched in the background: every request counts as activity, so polling would keep an
 * idle session alive. It is fetched at start, after login and by "Stay signed in".
 */
export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: getSession,
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  retry: (failures, error) => isApiError(error) && error.code === clientErrorCodes.network && failures < 2,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}
