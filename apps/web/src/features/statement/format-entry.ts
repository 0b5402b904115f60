import { centsToDecimal, type Money, type StatementEntry } from '@poisha/contracts';
import { formatMoney } from '../../lib/format';

/**
 * A statement amount with its sign always written: "+$50.00" for money in, "-$50.00" for money out.
 * The sign carries the direction for people who cannot tell the colours apart.
 */
export function formatSignedMoney({ amount, currency }: Money, locale: string): string {
  const formatted = formatMoney(amount, currency, locale);
  return amount > 0 ? `+${formatted}` : formatted;
}

/** 7550 → "75.50", 1500 → "15": an amount as a person types it. */
const centsAsTyped = (cents: number) => centsToDecimal(cents).replace(/\.00$/, '');

/**
 * Where "Ask for it back" leads for an entry: the request form for that wallet and amount, or null
 * when the entry is not money sent to a wallet. The amount is written as the form reads it (75.50).
 */
export function askBackLink(entry: StatementEntry, note: string): string | null {
  if (entry.type !== 'transfer' || entry.direction !== 'out' || !entry.counterparty.phone) return null;
  const cents = Math.abs(entry.amount.amount);
  const params = new URLSearchParams({ from: entry.counterparty.phone, amount: centsAsTyped(cents), note });
  return `/dashboard/RequestMoney?${params.toString()}`;
}
