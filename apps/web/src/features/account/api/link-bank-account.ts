import { linkedBankAccountSchema, type LinkBankAccountRequest, type LinkedBankAccount } from '@poisha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bankAccountsQueryKey } from '../../../lib/bank-accounts';

export function linkBankAccount(body: LinkBankAccountRequest) {
  return apiRequest('/bank-accounts', { method: 'POST', body, schema: linkedBankAccountSchema });
}

/** Links an account and puts it in the cached list at once; a refetch then confirms the list. */
export function useLinkBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkBankAccount,
    onSuccess: (account) => {
      queryClient.setQueryData<LinkedBankAccount[]>(bankAccountsQueryKey, (accounts) => (accounts ? [...accounts.filter((known) => known.id !== account.id), account] : accounts));
      return queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey });
    },
  });
}
