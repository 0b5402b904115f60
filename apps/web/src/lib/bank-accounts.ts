import { linkedBankAccountSchema } from '@poisha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';

export const bankAccountsQueryKey = ['bank-accounts'] as const;

/** The signed-in user's own linked bank accounts (My Account lists and links them; the bank deposit picks one). */
export function getBankAccounts(signal?: AbortSignal) {
  return apiRequest('/bank-accounts', { schema: z.array(linkedBankAccountSchema), signal });
}

export const bankAccountsQueryOptions = queryOptions({ queryKey: bankAccountsQueryKey, queryFn: ({ signal }) => getBankAccounts(signal) });

export function useBankAccounts() {
  return useQuery(bankAccountsQueryOptions);
}
