import { blockedRequesterSchema, blockedRequestersSchema } from '@poisha/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyRequestsQueryKey } from './get-money-requests';

/** Under the money-requests key: blocking hides that number's requests, so both lists refresh. */
const blocksQueryKey = [...moneyRequestsQueryKey, 'blocks'] as const;

export function getBlockedRequesters(signal?: AbortSignal) {
  return apiRequest('/money-request-blocks', { schema: blockedRequestersSchema, signal });
}

/** The numbers whose requests the user does not receive. */
export function useBlockedRequesters() {
  return useQuery({ queryKey: blocksQueryKey, queryFn: ({ signal }) => getBlockedRequesters(signal) });
}

export function blockRequester(phone: string) {
  return apiRequest('/money-request-blocks', { method: 'POST', body: { phone }, schema: blockedRequesterSchema });
}

export function unblockRequester(phone: string) {
  return apiRequest(`/money-request-blocks/${encodeURIComponent(phone)}`, { method: 'DELETE' });
}

export function useBlockRequester() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: blockRequester, onSettled: () => queryClient.invalidateQueries({ queryKey: moneyRequestsQueryKey }) });
}

export function useUnblockRequester() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unblockRequester, onSettled: () => queryClient.invalidateQueries({ queryKey: moneyRequestsQueryKey }) });
}
