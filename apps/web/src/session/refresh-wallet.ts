import type { Money, User } from '@poisha/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { meQueryKey, walletQueryKey } from './me';
import { sessionQueryKey } from './session';

/**
 * After money moved (a transfer, a deposit, or a call whose outcome is unknown): the balance the
 * server answered, if any, is shown at once, and everything that shows the balance or the
 * movements is fetched again in the background, so no screen needs a reload.
 */
export function refreshWalletAfterMoneyMoved(queryClient: QueryClient, balanceAfter?: Money | null): void {
  if (balanceAfter) queryClient.setQueryData<User>(meQueryKey, (me) => (me ? { ...me, balance: balanceAfter } : me));
  for (const queryKey of [walletQueryKey, sessionQueryKey]) void queryClient.invalidateQueries({ queryKey });
}

export function useRefreshWallet() {
  const queryClient = useQueryClient();
  return useCallback((balanceAfter?: Money | null) => refreshWalletAfterMoneyMoved(queryClient, balanceAfter), [queryClient]);
}
