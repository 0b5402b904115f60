import type { Money } from '@poisha/contracts';
import { formatMoney } from '../../lib/format';

/**
 * A statement amount with its sign always written: "+$50.00" for money in, "-$50.00" for money out.
 * The sign carries the direction for people who cannot tell the colours apart.
 */
export function formatSignedMoney({ amount, currency }: Money, locale: string): string {
  const formatted = formatMoney(amount, currency, locale);
  return amount > 0 ? `+${formatted}` : formatted;
}
