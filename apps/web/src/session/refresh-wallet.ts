import type { Money, User } from '@poisha/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/**
 * A call that moves money and answers the wallet's new balance (a transfer, a deposit), as a
 * mutation: once it succeeds, that balance is shown at once and the wallet is refreshed.
 */
export function useMoneyMovement<Variables, Result extends { balanceAfter: Money | null }>(move: (variables: Variables) => Promise<Result>) {
  const refreshWallet = useRefreshWallet();
  return useMutation({ mutationFn: move, onSuccess: (result) => refreshWallet(result.balanceAfter) });
}
