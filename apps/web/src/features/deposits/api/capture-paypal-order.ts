import { IDEMPOTENCY_HEADER, paypalOrderSchema } from '@poisha/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshWallet } from '../../../session';

export interface CaptureCall {
  orderId: string;
  /** One key per order, so approving twice credits the wallet once. */
  idempotencyKey: string;
}

/** Captures an approved order: the wallet is credited with the order's amount. */
export function capturePaypalOrder({ orderId, idempotencyKey }: CaptureCall) {
  return apiRequest(`/deposits/paypal/orders/${encodeURIComponent(orderId)}/capture`, {
    method: 'POST',
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: paypalOrderSchema,
  });
}

export function useCapturePaypalOrder() {
  const refreshWallet = useRefreshWallet();
  return useMutation({
    mutationFn: capturePaypalOrder,
    onSuccess: () => refreshWallet(),
  });
}
