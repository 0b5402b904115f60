import { QueryClient } from '@tanstack/react-query';
import { clientErrorCodes, isApiError } from '../lib/api-client';

/**
 * No background refetching: every request counts as activity on the session, so the app only
 * calls the API when the person does something (opens a page, presses a button).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: (failures, error) => isApiError(error) && error.code === clientErrorCodes.network && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}
