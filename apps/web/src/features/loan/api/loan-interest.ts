import { loanInterestSchema } from '@poisha/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const loanInterestKey = ['loan-interest'] as const;

export function useLoanInterest() {
  return useQuery({ queryKey: loanInterestKey, queryFn: () => apiRequest('/loan-interest', { schema: loanInterestSchema }) });
}

/** Registers interest once; repeating it changes nothing. */
export function useRegisterLoanInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/loan-interest', { method: 'PUT', schema: loanInterestSchema }),
    onSuccess: (interest) => queryClient.setQueryData(loanInterestKey, interest),
  });
}
