import type { PaymentMethod } from '@poisha/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type ChargeResult = { status: 'succeeded'; chargeId: string } | { status: 'declined'; message: string };

/**
 * A card payment provider. Card details reach only `createPaymentMethod` (in production that step
 * happens in the provider's own page script, and the details never touch our server); everything
 * else works with the token it answers. A real provider (Stripe) implements the same interface.
 */
export interface CardProvider {
  readonly name: string;
  createPaymentMethod(userId: string, card: CardDetails, nowMs: number): Promise<PaymentMethod>;
  /** Charges the payment method; the idempotency key makes a retried charge return the first result. */
  charge(
    trx: Transaction<Database>,
    request: { userId: string; paymentMethodId: string; amountCents: number; idempotencyKey: string },
  ): Promise<ChargeResult & { paymentMethod: PaymentMethod | null }>;
}
