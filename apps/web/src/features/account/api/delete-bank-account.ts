import type { LinkedBankAccount } from '@poisha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bankAccountsQueryKey } from '../../../lib/bank-accounts';

export function deleteBankAccount(id: string) {
  return apiRequest(`/bank-accounts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Unlinks an account (no money moves) and drops it from the cached list. */
export function useDeleteBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBankAccount,
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<LinkedBankAccount[]>(bankAccountsQueryKey, (accounts) => accounts?.filter((account) => account.id !== id));
      return queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey });
    },
  });
}
