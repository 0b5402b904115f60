import { paypalOrderSchema } from '@poisha/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Opens a sandbox PayPal order for the fixed top-up amount; nothing moves until it is captured. */
export function createPaypalOrder() {
  return apiRequest('/deposits/paypal/orders', { method: 'POST', schema: paypalOrderSchema });
}

export function useCreatePaypalOrder() {
  return useMutation({ mutationFn: createPaypalOrder });
}
