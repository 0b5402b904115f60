import type { Money, StatementEntry } from '@poisha/contracts';
import { formatMoney } from '../../lib/format';

/**
 * A statement amount with its sign always written: "+$50.00" for money in, "-$50.00" for money out.
 * The sign carries the direction for people who cannot tell the colours apart.
 */
export function formatSignedMoney({ amount, currency }: Money, locale: string): string {
  const formatted = formatMoney(amount, currency, locale);
  return amount > 0 ? `+${formatted}` : formatted;
}

/**
 * Where "Ask for it back" leads for an entry: the request form for that wallet and amount, or null
 * when the entry is not money sent to a wallet. The form takes whole dollars, so an amount with
 * cents leaves the amount for the person to type.
 */
export function askBackLink(entry: StatementEntry, note: string): string | null {
  if (entry.type !== 'transfer' || entry.direction !== 'out' || !entry.counterparty.phone) return null;
  const cents = Math.abs(entry.amount.amount);
  const params = new URLSearchParams({ from: entry.counterparty.phone, amount: cents % 100 === 0 ? String(cents / 100) : '', note });
  return `/dashboard/RequestMoney?${params.toString()}`;
}
