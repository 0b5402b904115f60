import { moneyRequestSchema, type CreateMoneyRequest } from '@poisha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyRequestsQueryKey } from './get-money-requests';

export function createMoneyRequest(request: CreateMoneyRequest) {
  return apiRequest('/money-requests', { method: 'POST', body: request, schema: moneyRequestSchema });
}

export function useCreateMoneyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMoneyRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyRequestsQueryKey }),
  });
}
