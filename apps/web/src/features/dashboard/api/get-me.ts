import { userSchema } from '@poisha/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const meQueryKey = ['me'] as const;

/** The signed-in user with the wallet balance in cents. */
export function getMe() {
  return apiRequest('/me', { schema: userSchema });
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions);
}
