import { CURRENCY, type Money } from '@poisha/contracts';

/** Cents as the API shows money: with the wallet currency. */
export const money = (amountCents: number): Money => ({ amount: amountCents, currency: CURRENCY });
