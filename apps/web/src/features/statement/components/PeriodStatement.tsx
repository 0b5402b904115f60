import type { StatementRange, StatementSummary } from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelHeading } from '../../../components/ui/Panel';
import { RetryAlert } from '../../../components/ui/QueryState';
import { buttonClasses } from '../../../components/ui/Button';
import { DateField } from '../../../components/ui/DateField';
import { ListIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { formatMoney } from '../../../lib/format';
import { periodCsvUrl, statementPdfUrl, useStatementSummary } from '../api/get-statement-summary';
import { defaultPeriod, dhakaToday, isValidPeriod } from '../period';
import { useLocale } from './EntryParts';

/**
 * A period of the statement (this month by default): its PDF and CSV, and "Where did my money
 * go?": the opening balance, the money in and out by kind, and the closing balance they add up to.
 */
export function PeriodStatement() {
  const { t, i18n } = useTranslation('statement');
  const [period, setPeriod] = useState(defaultPeriod);
  const valid = isValidPeriod(period.from, period.to);
  const range: StatementRange | null = valid ? period : null;
  const summary = useStatementSummary(range);
  const language = i18n.language === 'bn' ? 'bn' : 'en';
  const locale = useLocale();
  const today = dhakaToday();

  return (
    <section aria-labelledby="period-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6">
      <PanelHeading id="period-title" title={t('period.title')} subtitle={t('period.subtitle')} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
        {language === 'bn' ? (
          // The browser's date input follows the browser's language (month first, Western digits):
          // in Bangla the dates are shown and typed day/month/year in Bangla digits.
          <>
            <DateField label={t('period.from')} hint={t('period.dateHint')} calendarLabel={t('period.calendar')} locale={locale} value={period.from} max={today} onChange={(from) => setPeriod({ ...period, from })} />
            <DateField
              label={t('period.to')}
              hint={t('period.dateHint')}
              calendarLabel={t('period.calendar')}
              locale={locale}
              value={period.to}
              onChange={(to) => setPeriod({ ...period, to })}
              error={!valid && period.from && period.to ? t('period.order') : undefined}
            />
          </>
        ) : (
          <>
            <TextField label={t('period.from')} type="date" value={period.from} max={today} onChange={(event) => setPeriod({ ...period, from: event.target.value })} />
            <TextField
              label={t('period.to')}
              type="date"
              value={period.to}
              onChange={(event) => setPeriod({ ...period, to: event.target.value })}
              error={!valid && period.from && period.to ? t('period.order') : undefined}
            />
          </>
        )}
      </div>
      {range && (
        <div className="flex flex-wrap gap-3">
          <a href={statementPdfUrl(range, language)} download className={buttonClasses('primary')}>
            <ListIcon className="size-5" />
            {t('period.pdf')}
          </a>
          <a href={periodCsvUrl(range)} download className={buttonClasses('secondary')}>
            <ListIcon className="size-5" />
            {t('period.csv')}
          </a>
        </div>
      )}

      <div aria-busy={summary.isFetching || undefined} className="space-y-3">
        <h3 className="text-base font-semibold text-slate-900">{t('explainer.title')}</h3>
        {summary.isPending && range && (
          <div className="flex justify-center py-6 text-brand-700">
            <Spinner label={t('explainer.loading')} />
          </div>
        )}
        {summary.isError && (
          <RetryAlert title={t('explainer.error')} onRetry={() => summary.refetch()} />
        )}
        {summary.data && range && <Explainer summary={summary.data} />}
      </div>
    </section>
  );
}

/** The balance the period opens or closes with: a shaded row around the lines of the period. */
function BalanceRow({ label, balance, labelClassName }: { label: string; balance: string; labelClassName: string }) {
  return (
    <tr className="bg-slate-50">
      <th scope="row" className={`px-3 py-2.5 text-left ${labelClassName}`}>
        {label}
      </th>
      <td className="px-3 py-2.5 text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums">{balance}</td>
    </tr>
  );
}

function Explainer({ summary }: { summary: StatementSummary }) {
  const { t } = useTranslation('statement');
  const locale = useLocale();
  const money = (cents: number, signed = false) => {
    const text = formatMoney(cents, summary.opening.currency, locale);
    return signed && cents > 0 ? `+${text}` : text;
  };
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);

  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t('explainer.caption')}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{t('explainer.kind')}</th>
          <th scope="col">{t('explainer.amount')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        <BalanceRow label={t('explainer.opening')} balance={money(summary.opening.amount)} labelClassName="font-medium text-slate-800" />
        {summary.lines.map((line) => (
          <tr key={line.kind}>
            <th scope="row" className="px-3 py-2.5 text-left font-normal text-slate-700">
              <span className="break-words">{t(`explainer.kinds.${line.kind}`)}</span>{' '}
              <span className="text-slate-600">{t('explainer.count', { count: line.count, formatted: number(line.count) })}</span>
            </th>
            <td className={`px-3 py-2.5 text-right whitespace-nowrap tabular-nums ${line.amount.amount > 0 ? 'text-brand-700' : 'text-slate-900'}`}>
              {money(line.amount.amount, true)}
            </td>
          </tr>
        ))}
        {summary.lines.length === 0 && (
          <tr>
            <td colSpan={2} className="px-3 py-2.5 text-slate-600">
              {t('explainer.none')}
            </td>
          </tr>
        )}
        <BalanceRow label={t('explainer.closing')} balance={money(summary.closing.amount)} labelClassName="font-semibold text-slate-900" />
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={2} className="px-3 pt-2.5 text-xs text-slate-600">
            {t('explainer.totals', { moneyIn: money(summary.moneyIn.amount), moneyOut: money(summary.moneyOut.amount) })}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
