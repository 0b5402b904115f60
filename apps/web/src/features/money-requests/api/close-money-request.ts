import { moneyRequestSchema } from '@poisha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyRequestsQueryKey } from './get-money-requests';

/** Decline (a request received) or cancel (a request sent). */
export type CloseAction = 'decline' | 'cancel';

export function closeMoneyRequest({ id, action }: { id: string; action: CloseAction }) {
  return apiRequest(`/money-requests/${encodeURIComponent(id)}/${action}`, { method: 'POST', schema: moneyRequestSchema });
}

export function useCloseMoneyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeMoneyRequest,
    // A request already decided elsewhere answers 409: the lists then show what happened.
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyRequestsQueryKey }),
  });
}
