import { centsToDecimal, DEPOSIT_LIMITS, errorCodes } from '@poisha/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BusinessRuleError } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import { depositedSince, lockWallet } from './deposits.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const usd = (cents: number) => `${centsToDecimal(cents)} USD`;
const label = { bank: 'Bank deposits', card: 'Card deposits' } as const;

/**
 * Refuses (422 `deposit_limit_exceeded`) a deposit over the limit of one deposit, or one that
 * would take the last 24 hours' deposits of that kind over the daily limit. Runs in the deposit's
 * transaction before the provider is asked, after locking the wallet's row, so two deposits at once
 * cannot both fit under the same remaining amount.
 */
export async function enforceDepositLimits(
  trx: Transaction<Database>,
  deposit: { userId: string; walletId: string; method: keyof typeof DEPOSIT_LIMITS; amountCents: number; nowMs: number },
): Promise<void> {
  const limit = DEPOSIT_LIMITS[deposit.method];
  if (deposit.amountCents > limit.perDepositCents) {
    const message = `${label[deposit.method]} are limited to ${usd(limit.perDepositCents)} each`;
    throw new BusinessRuleError(errorCodes.depositLimitExceeded, message);
  }
  await lockWallet(trx, deposit.walletId);
  const total = await depositedSince(trx, deposit.userId, deposit.method, isoAt(deposit.nowMs - DAY_MS));
  const remaining = Math.max(0, limit.perDayCents - total);
  if (deposit.amountCents > remaining) {
    const message = `${label[deposit.method]} are limited to ${usd(limit.perDayCents)} a day: you can add up to ${usd(remaining)} more now`;
    throw new BusinessRuleError(errorCodes.depositLimitExceeded, message);
  }
}
