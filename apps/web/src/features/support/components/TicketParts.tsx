import { CURRENCY, type StatementEntry, type TicketStatus } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { formattingLocale } from '../../../lib/i18n';

const statusStyles: Record<TicketStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  answered: 'bg-sky-100 text-sky-900',
  closed: 'bg-slate-200 text-slate-800',
};

export function StatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('help');
  return <span className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusStyles[status]}`}>{t(`tickets.status.${status}`)}</span>;
}

export function useLocaleFormat() {
  const { i18n } = useTranslation();
  const locale = formattingLocale(i18n.language);
  return { locale, dateTime: (iso: string) => formatDateTime(iso, locale), money: (cents: number) => formatMoney(cents, CURRENCY, locale) };
}

type TransactionLike = Pick<StatementEntry, 'type' | 'amount' | 'createdAt'>;

/** "Welcome bonus · $1,000.00 · 21 Nov 2026, 15:00": a transaction as a ticket refers to it (plain text, for options too). */
export function useTransactionText() {
  const { t } = useTranslation('help');
  const format = useLocaleFormat();
  return (transaction: TransactionLike) => `${t(`tickets.kinds.${transaction.type}`)} · ${format.money(transaction.amount.amount)} · ${format.dateTime(transaction.createdAt)}`;
}
