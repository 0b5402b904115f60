import type { StatementEntry } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { formattingLocale } from '../../../lib/i18n';
import { useFormatPhone } from '../../../lib/use-format-phone';
import { askBackLink, formatSignedMoney } from '../format-entry';
import { useLocalDigits } from '../../../lib/use-local-digits';

/** The reader's locale for Intl formatting, following the language switch. */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return formattingLocale(i18n.language);
}

/** When the entry happened, in Bangladesh time, as a machine-readable <time>. */
export function EntryDate({ entry, className }: { entry: StatementEntry; className?: string }) {
  const locale = useLocale();
  return (
    <time dateTime={entry.createdAt} className={className}>
      {formatDateTime(entry.createdAt, locale)}
    </time>
  );
}

/** The signed amount: green with a plus for money in, dark with a minus for money out. */
export function EntryAmount({ entry, className = '' }: { entry: StatementEntry; className?: string }) {
  const locale = useLocale();
  const tone = entry.direction === 'in' ? 'text-brand-700' : 'text-slate-900';
  return <span className={`font-semibold whitespace-nowrap tabular-nums ${tone} ${className}`}>{formatSignedMoney(entry.amount, locale)}</span>;
}

/**
 * The other side of the entry: a name, and the phone number when it is a wallet, the local way
 * (formatPhoneLocal needs no numbering-plan data, which only phone forms load).
 */
export function Counterparty({ entry }: { entry: StatementEntry }) {
  const formatPhone = useFormatPhone();
  const digits = useLocalDigits();
  // A wallet's owner (with a phone) is named as they wrote it; a bank or card source is a label
  // with a masked number ("Sonali Bank •••• 1798"), whose digits are the reader's.
  const name = entry.counterparty.phone ? entry.counterparty.name : digits(entry.counterparty.name);
  return (
    <span className="block min-w-0">
      <span className="block font-medium break-words text-slate-900">{name}</span>
      {entry.counterparty.phone && <span className="block text-sm whitespace-nowrap text-slate-600 tabular-nums">{formatPhone(entry.counterparty.phone)}</span>}
      <AskBack entry={entry} />
    </span>
  );
}

/** On money sent to a wallet (perhaps the wrong one): "Ask for it back" opens a request for it, filled in. */
function AskBack({ entry }: { entry: StatementEntry }) {
  const { t } = useTranslation('statement');
  const link = askBackLink(entry, t('askBack.note'));
  if (!link) return null;
  return (
    <Link to={link} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
      {t('askBack.link')}
    </Link>
  );
}

export function EntryType({ entry }: { entry: StatementEntry }) {
  const { t } = useTranslation('statement');
  return <>{t(`types.${entry.type}`)}</>;
}
