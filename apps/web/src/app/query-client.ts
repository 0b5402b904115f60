import { QueryClient } from '@tanstack/react-query';
import { clientErrorCodes, isApiError } from '../lib/api-client';
import { syncQueryOnlineState } from '../lib/online';

/**
 * No background refetching: every request counts as activity on the session, so the app only
 * calls the API when the person does something (opens a page, presses a button).
 */
export function createQueryClient(): QueryClient {
  syncQueryOnlineState();
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: (failures, error) => isApiError(error) && error.code === clientErrorCodes.network && failures < 2,
      },
      // A mutation is never held back to run later by itself: offline it fails at once, and the
      // buttons that move money are held while offline (Button's needsNetwork).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
