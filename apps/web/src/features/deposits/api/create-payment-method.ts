import { paymentMethodSchema, type CardDetails } from '@poisha/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * Sends card details to the sandbox card provider, which answers a token (a payment method) and
 * the last four digits. This is the only call that carries a card number. It is deliberately not a
 * mutation: the query client keeps a mutation's variables, and card details must live only in the
 * form's own state.
 */
export function createPaymentMethod(card: CardDetails) {
  return apiRequest('/card-sandbox/payment-methods', { method: 'POST', body: card, schema: paymentMethodSchema });
}
