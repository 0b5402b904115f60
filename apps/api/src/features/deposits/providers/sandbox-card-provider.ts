import { cardBrandOf, cardMessages, errorCodes } from '@poisha/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { BusinessRuleError } from '../../../core/errors.js';
import { isoAt } from '../../../core/clock.js';
import type { CardProvider } from './card-provider.js';
import { cardProblem } from './card-rules.js';
import { findSandboxPaymentMethod, insertSandboxPaymentMethod } from './sandbox-card.repository.js';

/** Test cards, as in the real providers' test modes. Any other valid number succeeds. */
export const SANDBOX_DECLINED_CARDS = new Set(['4000000000000002', '4000000000009995']);

/**
 * The built-in card provider: behaves like a provider's test mode. It checks the number (Luhn),
 * the expiry and the security code, keeps only a token, the brand and the last four digits, and
 * declines the documented test cards when charged.
 */
export function createSandboxCardProvider({ db }: { db: Kysely<Database> }): CardProvider {
  return {
    name: 'sandbox',

    async createPaymentMethod(userId, card, nowMs) {
      const problem = cardProblem(card, new Date(nowMs));
      if (problem) {
        throw new BusinessRuleError(errorCodes.cardInvalid, problem.message, { [problem.field]: problem.message });
      }
      const method = {
        id: `pm_sandbox_${crypto.randomUUID().replaceAll('-', '')}`,
        brand: cardBrandOf(card.number),
        last4: card.number.slice(-4),
      };
      await insertSandboxPaymentMethod(db, {
        id: method.id,
        user_id: userId,
        brand: method.brand,
        last4: method.last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        outcome: SANDBOX_DECLINED_CARDS.has(card.number) ? 'decline' : 'succeed',
        created_at: isoAt(nowMs),
      });
      return method;
    },

    async charge(trx, { userId, paymentMethodId }) {
      const method = await findSandboxPaymentMethod(trx, userId, paymentMethodId);
      if (!method) return { status: 'declined', message: cardMessages.declined, paymentMethod: null };
      const paymentMethod = { id: method.id, brand: method.brand, last4: method.last4 };
      return method.outcome === 'decline'
        ? { status: 'declined', message: cardMessages.declined, paymentMethod }
        : { status: 'succeeded', chargeId: `ch_sandbox_${crypto.randomUUID().replaceAll('-', '')}`, paymentMethod };
    },
  };
}
