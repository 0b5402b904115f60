import { depositSchema, IDEMPOTENCY_HEADER, type BankDepositRequest } from '@poisha/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshWallet } from '../../../session';

export interface BankDepositCall {
  body: BankDepositRequest;
  idempotencyKey: string;
}

/** One call does the whole deposit atomically: the ledger transfer from the bank into the wallet. */
export function createBankDeposit({ body, idempotencyKey }: BankDepositCall) {
  return apiRequest('/deposits/bank', { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, schema: depositSchema });
}

export function useCreateBankDeposit() {
  const refreshWallet = useRefreshWallet();
  return useMutation({
    mutationFn: createBankDeposit,
    onSuccess: (deposit) => refreshWallet(deposit.balanceAfter),
  });
}
