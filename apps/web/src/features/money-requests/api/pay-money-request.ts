import { IDEMPOTENCY_HEADER, paidRequestSchema, type PaymentApproval } from '@poisha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshWallet } from '../../../session';
import { moneyRequestsQueryKey } from './get-money-requests';

/**
 * Pays a request received, approved by the payment PIN or a passkey (`{ pin }` or `{ passkey }`). The
 * key makes a retry of the same Pay safe (after no answer, a wrong PIN or a passkey not accepted):
 * the server pays at most once.
 */
export function payMoneyRequest({ id, approval, idempotencyKey }: { id: string; approval: PaymentApproval; idempotencyKey: string }) {
  return apiRequest(`/money-requests/${encodeURIComponent(id)}/pay`, {
    method: 'POST',
    body: { ...approval } satisfies PaymentApproval,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: paidRequestSchema,
  });
}

export function usePayMoneyRequest() {
  const queryClient = useQueryClient();
  const refreshWallet = useRefreshWallet();
  return useMutation({
    mutationFn: payMoneyRequest,
    onSuccess: (paid) => refreshWallet(paid.balanceAfter),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyRequestsQueryKey }),
  });
}
