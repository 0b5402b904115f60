import type { StatementEntry } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { useLocalDigits } from '../../../lib/use-local-digits';
import { Counterparty, EntryAmount, EntryDate, EntryType, useLocale } from './EntryParts';

/** The table's named columns, in order (the last, the entry's links, has only a hidden name); amounts align right. */
const COLUMNS = [
  { key: 'date', money: false },
  { key: 'counterparty', money: false },
  { key: 'type', money: false },
  { key: 'reference', money: false },
  { key: 'amount', money: true },
  { key: 'balanceAfter', money: true },
] as const;

function Reference({ entry }: { entry: StatementEntry }) {
  const { t } = useTranslation('statement');
  const digits = useLocalDigits();
  if (entry.reference) return <span className="tabular-nums">{digits(entry.reference)}</span>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t('noReference')}</span>
    </>
  );
}

/** Opens a support ticket about this entry's transaction (the support screen reads ?transaction=). */
function ReportProblem({ entry }: { entry: StatementEntry }) {
  const { t } = useTranslation('statement');
  return (
    <Link
      to={`/dashboard/SupportTicket?transaction=${encodeURIComponent(entry.transferId)}`}
      className="inline-flex min-h-11 items-center text-sm font-medium whitespace-nowrap text-brand-800 underline underline-offset-4 hover:text-brand-900"
    >
      {t('reportProblem')}
    </Link>
  );
}

/** The entry's receipt: its details, and a PDF anyone can check on /verify. */
function ReceiptLink({ entry }: { entry: StatementEntry }) {
  const { t } = useTranslation('statement');
  return (
    <Link
      to={`/dashboard/receipts/${encodeURIComponent(entry.transferId)}`}
      className="inline-flex min-h-11 items-center text-sm font-medium whitespace-nowrap text-brand-800 underline underline-offset-4 hover:text-brand-900"
    >
      {t('receipt')}
    </Link>
  );
}

/**
 * The entries of one statement page: stacked cards where the content area is narrow (phones), a
 * table where it is wide enough for every column. Container queries decide, so the side navigation's
 * width is taken into account.
 */
export function StatementEntries({ entries, caption }: { entries: StatementEntry[]; caption: string }) {
  const { t } = useTranslation('statement');
  const locale = useLocale();
  const balance = (entry: StatementEntry) => formatMoney(entry.balanceAfter.amount, entry.balanceAfter.currency, locale);

  return (
    <div className="@container">
      <ul aria-label={caption} className="divide-y divide-slate-200 @3xl:hidden">
        {entries.map((entry) => (
          <li key={entry.id} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 py-4">
            <Counterparty entry={entry} />
            <EntryAmount entry={entry} className="text-right text-base" />
            <p className="text-sm text-slate-700">
              <EntryType entry={entry} />
              {entry.reference && (
                <>
                  {' · '}
                  {t('columns.reference')} <Reference entry={entry} />
                </>
              )}
            </p>
            <p className="text-right text-sm whitespace-nowrap text-slate-600">
              <span className="text-xs">{t('columns.balanceAfter')} </span>
              <span className="tabular-nums">{balance(entry)}</span>
            </p>
            <EntryDate entry={entry} className="text-sm text-slate-600" />
            <div className="flex flex-wrap justify-end gap-x-4">
              <ReceiptLink entry={entry} />
              <ReportProblem entry={entry} />
            </div>
          </li>
        ))}
      </ul>

      <table className="hidden w-full border-collapse text-left text-sm @3xl:table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
            {COLUMNS.map(({ key, money }) => (
              <th key={key} scope="col" className={`py-3 pr-4 ${money ? 'text-right ' : ''}font-semibold`}>
                {t(`columns.${key}`)}
              </th>
            ))}
            <th scope="col" className="py-3 font-semibold">
              <span className="sr-only">{t('columns.help')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              {/* One line: at 1280 px the date and time wrapped to three (issue 24, defect 18). */}
              <td className="py-3 pr-4 whitespace-nowrap text-slate-700 tabular-nums">
                <EntryDate entry={entry} />
              </td>
              <td className="max-w-64 py-3 pr-4">
                <Counterparty entry={entry} />
              </td>
              <td className="py-3 pr-4 text-slate-700">
                <EntryType entry={entry} />
              </td>
              <td className="py-3 pr-4 text-slate-700">
                <Reference entry={entry} />
              </td>
              <td className="py-3 pr-4 text-right">
                <EntryAmount entry={entry} />
              </td>
              <td className="py-3 pr-4 text-right whitespace-nowrap text-slate-700 tabular-nums">{balance(entry)}</td>
              {/* No padding: the 44 px link centres its text on the same line as the padded cells beside it. */}
              <td className="py-0">
                <div className="flex gap-x-4">
                  <ReceiptLink entry={entry} />
                  <ReportProblem entry={entry} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
