import {
  errorCodes,
  paymentPinStatusSchema,
  phoneCodeSentSchema,
  type ChangePaymentPinRequest,
  type PaymentPinStatus,
  type PhoneCodeSent,
  type ResetPaymentPinRequest,
  type SetPaymentPinRequest,
  type User,
} from '@poisha/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../lib/api-client';
import { meQueryKey } from './me';

/**
 * The payment PIN (issue 26, decision 0042): 5 digits every payment carries. Shared by the
 * payments (transfers, money requests: the PIN step), the "Set your payment PIN" step after
 * sign-up (auth) and the Settings card (settings).
 */

export const paymentPinQueryKey = ['payment-pin'] as const;

/** Whether a PIN is set, and whether payments are blocked (until when), fresh at every look. */
export const paymentPinQueryOptions = queryOptions({
  queryKey: paymentPinQueryKey,
  queryFn: ({ signal }) => apiRequest('/payment-pin', { schema: paymentPinStatusSchema, signal }),
  staleTime: 0,
});

export function usePaymentPinStatus() {
  return useQuery(paymentPinQueryOptions);
}

/** True while `status` says payments are blocked (the block ends by itself at `blockedUntil`). */
export function paymentsBlocked(status: PaymentPinStatus | undefined, now = Date.now()): boolean {
  return Boolean(status?.blockedUntil && Date.parse(status.blockedUntil) > now);
}

/** A payment refused for its PIN: wrong, blocked, or none set. The PIN step shows these; the payment shows the rest. */
export function isPaymentPinRefusal(error: unknown): boolean {
  return isApiError(error) && (error.code === errorCodes.wrongPaymentPin || error.code === errorCodes.paymentPinBlocked || error.code === errorCodes.paymentPinNotSet);
}

/**
 * A payment refused for its approval: the PIN's refusals, or a passkey the server did not accept
 * (decision 0045). The payment step shows these and the same payment can be approved again (same
 * Idempotency-Key); the payment shows the rest.
 */
export function isPaymentApprovalRefusal(error: unknown): boolean {
  return isPaymentPinRefusal(error) || (isApiError(error) && error.code === errorCodes.passkeyNotAccepted);
}

/** The PIN's new status everywhere: here, and the user's `paymentPinSet` (the dashboard's notice). */
function showPaymentPinStatus(queryClient: QueryClient, status: PaymentPinStatus) {
  queryClient.setQueryData(paymentPinQueryKey, status);
  queryClient.setQueryData<User>(meQueryKey, (user) => (user ? { ...user, paymentPinSet: status.set } : user));
}

/**
 * After a refusal for the PIN: the tries left or the block's end are fetched again, and the user
 * too when the server says no PIN is set, so every screen offers to set one.
 */
export function refreshAfterPinRefusal(queryClient: QueryClient, error: unknown): void {
  void queryClient.invalidateQueries({ queryKey: paymentPinQueryKey });
  if (isApiError(error) && error.code === errorCodes.paymentPinNotSet) void queryClient.invalidateQueries({ queryKey: meQueryKey });
}

/** A PIN chosen, changed or reset (`method` `path`): the answer is its new status, shown everywhere; `onError` follows a refusal. */
function usePinChange<Request>(method: 'PUT' | 'POST', path: string, onError?: (queryClient: QueryClient, error: Error) => void) {
  const queryClient = useQueryClient();
  return useMutation<PaymentPinStatus, Error, Request>({
    mutationFn: (body) => apiRequest(path, { method, body, schema: paymentPinStatusSchema }),
    onSuccess: (status) => showPaymentPinStatus(queryClient, status),
    onError: (error) => onError?.(queryClient, error),
  });
}

/** Chooses the first PIN (PUT /payment-pin). */
export const useSetPaymentPin = () =>
  usePinChange<SetPaymentPinRequest>('PUT', '/payment-pin', (queryClient, error) => {
    // Set already (in another tab): the screens learn it.
    if (isApiError(error) && error.code === errorCodes.paymentPinAlreadySet) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  });

/** Changes it with the one in use; a wrong current PIN counts like a wrong PIN at a payment. */
export const useChangePaymentPin = () => usePinChange<ChangePaymentPinRequest>('POST', '/payment-pin/change', refreshAfterPinRefusal);

/** A code by SMS to the account's number, for a forgotten PIN. */
export function useRequestPinResetCode() {
  return useMutation<PhoneCodeSent>({
    mutationFn: () => apiRequest('/payment-pin/reset/code', { method: 'POST', schema: phoneCodeSentSchema }),
  });
}

/** A new PIN with the code and the password; it lifts a block. */
export const useResetPaymentPin = () => usePinChange<ResetPaymentPinRequest>('POST', '/payment-pin/reset');
