import { IDEMPOTENCY_HEADER, transferResponseSchema, type TransferRequest } from '@poisha/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMoneyMovement } from '../../../session';

/** One confirmed transfer with its PIN, and its Idempotency-Key, which stays the same when the transfer is retried (after no answer, or a wrong PIN). */
export interface Submission {
  request: TransferRequest;
  idempotencyKey: string;
}

/** Sends money to another wallet. The key makes a retry of the same submission safe. */
export function createTransfer({ request, idempotencyKey }: Submission) {
  return apiRequest('/transfers', {
    method: 'POST',
    body: request,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: transferResponseSchema,
  });
}

/**
 * After a transfer every figure that shows the balance or the ledger is out of date. The balance the
 * server answered is shown at once; the refetches run in the background, so "Done" does not wait.
 */
export function useCreateTransfer() {
  return useMoneyMovement(createTransfer);
}
