import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/ui/QueryState';
import { Spinner } from '../../../components/ui/Spinner';
import { formatMoney } from '../../../lib/format';
import { useSpending } from '../api/get-spending';
import { useLocale } from './EntryParts';
import { SpendingChart } from './SpendingChart';

/** Months the chart shows, the latest last. */
const CHART_MONTHS = 6;

/** "Overall": money sent this week, month and year (Bangladesh calendar), and the last six months. */
export function OverallCard() {
  const { t } = useTranslation('statement');
  const locale = useLocale();
  const spending = useSpending();
  const data = spending.data;
  const periods = data
    ? ([
        ['week', data.week],
        ['month', data.month],
        ['year', data.year],
      ] as const)
    : [];

  return (
    <section aria-labelledby="overall-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6">
      <h2 id="overall-title" className="text-lg font-semibold text-slate-900">
        {t('overall.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('overall.subtitle')}</p>
      {spending.isPending && (
        <div className="flex justify-center py-8 text-brand-700">
          <Spinner label={t('overall.loading')} />
        </div>
      )}
      {spending.isError && (
        <div className="mt-3">
          <RetryAlert title={t('overall.error')} onRetry={() => spending.refetch()} />
        </div>
      )}
      {data && (
        <>
          <dl className="mt-4 divide-y divide-slate-200 rounded-xl bg-slate-50 px-4">
            {periods.map(([key, money]) => (
              <div key={key} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2.5">
                <dt className="text-sm text-slate-700">{t(`overall.${key}`)}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">{formatMoney(money.amount, money.currency, locale)}</dd>
              </div>
            ))}
          </dl>
          {data.months.some((month) => month.spent.amount > 0) ? (
            <div className="mt-5">
              <SpendingChart months={data.months.slice(-CHART_MONTHS)} />
            </div>
          ) : (
            <p className="mt-4 text-sm text-slate-600">{t('overall.chartEmpty')}</p>
          )}
        </>
      )}
    </section>
  );
}
