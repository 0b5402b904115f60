import { depositSchema, IDEMPOTENCY_HEADER, type BankDepositRequest, type CardDepositRequest } from '@poisha/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMoneyMovement } from '../../../session';

/** What each kind of deposit sends: its endpoint's body. */
interface DepositBodies {
  '/deposits/bank': BankDepositRequest;
  /** Carries the payment method's token, never the card number. */
  '/deposits/card': CardDepositRequest;
}

export interface DepositCall<Body> {
  body: Body;
  idempotencyKey: string;
}

/**
 * A deposit is one atomic call (the ledger transfer into the wallet) answering the wallet's new
 * balance, which the page shows at once: from a bank (`/deposits/bank`), or by card
 * (`/deposits/card`: charges the payment method; 422 card_declined when the card is refused).
 */
function useCreateDeposit<Path extends keyof DepositBodies>(path: Path) {
  return useMoneyMovement(({ body, idempotencyKey }: DepositCall<DepositBodies[Path]>) =>
    apiRequest(path, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, schema: depositSchema }),
  );
}

export const useCreateBankDeposit = () => useCreateDeposit('/deposits/bank');
export const useCreateCardDeposit = () => useCreateDeposit('/deposits/card');
