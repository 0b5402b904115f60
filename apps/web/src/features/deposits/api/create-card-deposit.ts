import { depositSchema, IDEMPOTENCY_HEADER, type CardDepositRequest } from '@poisha/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshWallet } from '../../../session';

export interface CardDepositCall {
  /** Carries the payment method's token, never the card number. */
  body: CardDepositRequest;
  idempotencyKey: string;
}

/** Charges the payment method and credits the wallet; 422 card_declined when the card is refused. */
export function createCardDeposit({ body, idempotencyKey }: CardDepositCall) {
  return apiRequest('/deposits/card', { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, schema: depositSchema });
}

export function useCreateCardDeposit() {
  const refreshWallet = useRefreshWallet();
  return useMutation({
    mutationFn: createCardDeposit,
    onSuccess: (deposit) => refreshWallet(deposit.balanceAfter),
  });
}
