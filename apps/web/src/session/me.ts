import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { useSession } from './session';

/**
 * Everything that shows the wallet's money lives under this key: the user with the balance here,
 * and the statement and spending queries of the statement feature. One invalidation refreshes all.
 */
export const walletQueryKey = ['wallet'] as const;

export const meQueryKey = [...walletQueryKey, 'me'] as const;

/** Like the session's, the schema loads with the first answer, so no page's first download holds zod for it. */
const userSchema = () => import('./session-schema').then((module) => module.userSchema);

/** The signed-in user with the wallet balance in cents (GET /me). */
export function getMe() {
  return apiRequest('/me', { schema: userSchema });
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe });

/**
 * The signed-in user and the balance: the one hook every screen reads them from. The session's
 * answer (which carries the same user) is its starting value, so the user is known at once, and
 * GET /me runs when that answer is older than the usual freshness. Signed out, it asks nothing.
 */
export function useMe() {
  const session = useSession();
  return useQuery({
    ...meQueryOptions,
    enabled: Boolean(session.data),
    initialData: session.data?.user,
    initialDataUpdatedAt: session.dataUpdatedAt,
  });
}
