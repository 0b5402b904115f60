import { bankSchema } from '@poisha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The banks money can be added from, for the bank select. */
export function getBanks(signal?: AbortSignal) {
  return apiRequest('/banks', { schema: z.array(bankSchema), signal });
}

/** The list changes only with a release, so it is fetched once per visit. */
export const banksQueryOptions = queryOptions({ queryKey: ['banks'], queryFn: ({ signal }) => getBanks(signal), staleTime: Infinity });

export function useBanks() {
  return useQuery(banksQueryOptions);
}
