import { WELCOME_BONUS_CENTS } from '@poisha/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { moveMoney, SYSTEM_ACCOUNTS, systemAccount } from '../../core/ledger/ledger.js';
import { claimWelcomeBonusIdentities } from '../../core/users/welcome-bonus-claims.js';
import { hasWelcomeBonus, markWelcomeBonusRefused, recordWelcomeBonus } from './welcome-bonuses.repository.js';

/**
 * The bonus is earned once both are proven (decisions 0012, 0031, 0041): the phone number by its
 * SMS code and, with EMAIL_VERIFICATION=required, the e-mail address by its link. Whichever proof
 * comes second pays it. The two proofs each update the user's row, so on PostgreSQL the second
 * waits for the first and reads what it wrote (`RETURNING`); SQLite writes one at a time.
 */
export const bonusEarned = (user: { emailVerified: boolean; phoneVerified: boolean }, emailVerification: 'required' | 'off') =>
  user.phoneVerified && (user.emailVerified || emailVerification === 'off');

/**
 * Credits the welcome bonus, unless the user has it, or the e-mail address or phone number had it
 * before (on an account since closed): then the user is marked as refused and told why. The primary
 * key of welcome_bonuses makes a second credit to one user fail.
 */
export async function creditWelcomeBonus(
  trx: Transaction<Database>,
  secret: string,
  user: { userId: string; email: string; phone: string },
  walletId: string,
  nowMs: number,
): Promise<void> {
  if (await hasWelcomeBonus(trx, user.userId)) return;
  if (!(await claimWelcomeBonusIdentities(trx, secret, user, nowMs))) {
    await markWelcomeBonusRefused(trx, user.userId, nowMs);
    return;
  }
  const { transferId } = await moveMoney(trx, {
    kind: 'welcome_bonus',
    debit: systemAccount(SYSTEM_ACCOUNTS.welcomeBonus),
    credit: { id: walletId, kind: 'wallet' },
    amountCents: WELCOME_BONUS_CENTS,
    counterparty: 'Poisha welcome bonus',
    nowMs,
  });
  await recordWelcomeBonus(trx, user.userId, transferId);
}
