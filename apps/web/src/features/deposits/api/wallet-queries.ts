import type { Money, User } from '@poisha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionQueryKey } from '../../auth';
import { meQueryKey } from '../../dashboard';
import { spendingQueryKey, statementQueryKey } from '../../statement';

/** Queries whose data shows the wallet's balance or its movements (each key is a prefix of its family). */
const walletQueryKeys = [meQueryKey, sessionQueryKey, statementQueryKey, spendingQueryKey] as const;

/**
 * After money came in: the new balance is shown at once where the server told it, and everything
 * that shows the balance or the movements is fetched again, so no screen needs a reload.
 */
export function useRefreshWallet() {
  const queryClient = useQueryClient();
  return useCallback(
    (balanceAfter?: Money | null) => {
      if (balanceAfter) queryClient.setQueryData<User>(meQueryKey, (me) => (me ? { ...me, balance: balanceAfter } : me));
      for (const queryKey of walletQueryKeys) void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient],
  );
}
