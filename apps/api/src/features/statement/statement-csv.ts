import { centsToDecimal, type StatementEntry } from '@poisha/contracts';
import { formatDhaka } from './dhaka-time.js';

const TYPE_LABELS: Record<StatementEntry['type'], string> = {
  welcome_bonus: 'Welcome bonus',
  transfer: 'Transfer',
  bank_deposit: 'Bank deposit',
  card_deposit: 'Card deposit',
  paypal_deposit: 'PayPal top-up',
};

/**
 * One CSV field. Text that a spreadsheet would run as a formula (=, +, -, @ at the start) is
 * prefixed with an apostrophe; amounts are written by us and left as numbers.
 */
export function csvField(value: string, { text = true } = {}): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const CSV_HEADER = ['Date (Asia/Dhaka)', 'Type', 'Direction', 'Counterparty', 'Phone', 'Reference', 'Amount (USD)', 'Balance after (USD)'];

export function statementCsv(entries: StatementEntry[]): string {
  const lines = [CSV_HEADER.map((title) => csvField(title)).join(',')];
  for (const entry of entries) {
    lines.push(
      [
        csvField(formatDhaka(entry.createdAt), { text: false }),
        csvField(TYPE_LABELS[entry.type]),
        csvField(entry.direction === 'in' ? 'Received' : 'Sent'),
        csvField(entry.counterparty.name),
        csvField(entry.counterparty.phone ?? '', { text: false }),
        csvField(entry.reference ?? ''),
        csvField(centsToDecimal(entry.amount.amount), { text: false }),
        csvField(centsToDecimal(entry.balanceAfter.amount), { text: false }),
      ].join(','),
    );
  }
  // A byte-order mark so spreadsheet programs read the UTF-8 names (Bangla included) correctly.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
