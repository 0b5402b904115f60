import { bankSchema } from '@poisha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';

/** The banks money can come from and accounts can be linked at. It changes only with a release, so it is fetched once per visit. */
export function getBanks(signal?: AbortSignal) {
  return apiRequest('/banks', { schema: z.array(bankSchema), signal });
}

export const banksQueryOptions = queryOptions({ queryKey: ['banks'], queryFn: ({ signal }) => getBanks(signal), staleTime: Infinity });

export function useBanks() {
  return useQuery(banksQueryOptions);
}
