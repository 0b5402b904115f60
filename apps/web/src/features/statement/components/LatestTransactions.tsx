import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PanelQueryState } from '../../../components/ui/QueryState';
import { ArrowRightIcon, ListIcon } from '../../../components/ui/icons';
import { useStatement } from '../api/get-statement';
import { Counterparty, EntryAmount, EntryDate, EntryType } from './EntryParts';

/** How many entries the dashboard shows (the spec's latest-transactions panel). */
export const LATEST_COUNT = 5;

/** The five newest entries of every kind, each with its own date and time, and a way to the rest. */
export function LatestTransactions() {
  const { t } = useTranslation('statement');
  const statement = useStatement({ type: 'all', page: 0, pageSize: LATEST_COUNT });
  const items = statement.data?.items;

  return (
    <section aria-labelledby="latest-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h2 id="latest-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ListIcon className="size-5 text-brand-700" /> {t('latest.title')}
        </h2>
        <Link
          to="/dashboard/TransitionHistory?type=all"
          className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          {t('latest.viewAll')} <ArrowRightIcon className="size-4" />
        </Link>
      </div>
      <PanelQueryState query={statement} loadingLabel={t('loading')} errorTitle={t('error')} spinnerClassName="flex justify-center py-8" />
      {items && items.length === 0 && <p className="py-4 text-slate-700">{t('latest.empty')}</p>}
      {items && items.length > 0 && (
        // The spec's column heads over the two lines of each entry (each entry also reads well alone).
        <div aria-hidden="true" className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 border-b border-slate-200 pb-2 text-xs font-semibold text-slate-600" data-testid="latest-head">
          <span>
            {t('latest.columns.number')} · {t('latest.columns.type')}
          </span>
          <span className="text-right">
            {t('latest.columns.amount')} · {t('latest.columns.date')}
          </span>
        </div>
      )}
      {items && items.length > 0 && (
        <ul aria-labelledby="latest-title" className="divide-y divide-slate-100">
          {items.map((entry) => (
            <li key={entry.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-4 gap-y-0.5 py-3">
              <Counterparty entry={entry} />
              <EntryAmount entry={entry} className="text-right" />
              <p className="text-sm text-slate-700">
                <EntryType entry={entry} />
              </p>
              <EntryDate entry={entry} className="text-right text-sm text-slate-600" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
