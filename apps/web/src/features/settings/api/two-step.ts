import {
  recoveryCodesSchema,
  twoStepSetupSchema,
  twoStepStatusSchema,
  type TwoStepConfirmRequest,
  type TwoStepEnableRequest,
  type TwoStepSetupRequest,
} from '@poisha/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { securityEventsQueryKey } from './profile';

const twoStepQueryKey = ['two-step'] as const;

/** Whether two-step sign-in is on, and the recovery codes left (decision 0044). */
export function useTwoStepStatus() {
  return useQuery({ queryKey: twoStepQueryKey, queryFn: () => apiRequest('/auth/two-step', { schema: twoStepStatusSchema }) });
}

/** A change to two-step sign-in shows in its card and in the security activity list. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: twoStepQueryKey }), queryClient.invalidateQueries({ queryKey: securityEventsQueryKey })]);
}

export function useSetUpTwoStep() {
  return useMutation({ mutationFn: (body: TwoStepSetupRequest) => apiRequest('/auth/two-step/setup', { method: 'POST', body, schema: twoStepSetupSchema }) });
}

export function useEnableTwoStep() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: TwoStepEnableRequest) => apiRequest('/auth/two-step/enable', { method: 'POST', body, schema: recoveryCodesSchema }),
    onSuccess: refresh,
  });
}

export function useRenewRecoveryCodes() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: TwoStepConfirmRequest) => apiRequest('/auth/two-step/recovery-codes', { method: 'POST', body, schema: recoveryCodesSchema }),
    onSuccess: refresh,
  });
}

export function useDisableTwoStep() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: TwoStepConfirmRequest) => apiRequest('/auth/two-step/disable', { method: 'POST', body, schema: twoStepStatusSchema }),
    onSuccess: refresh,
  });
}
