import { useTranslation } from 'react-i18next';
import { PanelHeading } from '../../../components/ui/Panel';
import { PanelQueryState } from '../../../components/ui/QueryState';
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
      <PanelHeading id="overall-title" title={t('overall.title')} subtitle={t('overall.subtitle')} />
      <PanelQueryState query={spending} loadingLabel={t('overall.loading')} errorTitle={t('overall.error')} spinnerClassName="flex justify-center py-8" alertClassName="mt-3" />
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
