import { paypalOrderSchema } from '@poisha/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The payer turned the order down: it is closed and nothing is charged. */
export function cancelPaypalOrder(orderId: string) {
  return apiRequest(`/deposits/paypal/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', schema: paypalOrderSchema });
}

export function useCancelPaypalOrder() {
  return useMutation({ mutationFn: cancelPaypalOrder });
}
