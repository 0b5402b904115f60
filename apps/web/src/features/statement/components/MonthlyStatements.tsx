import { useTranslation } from 'react-i18next';
import { PanelHeading } from '../../../components/ui/Panel';
import { PanelQueryState } from '../../../components/ui/QueryState';
import { statementPdfUrl, useMonthlyStatements } from '../api/get-statement-summary';
import { useLocale } from './EntryParts';

/** The statements issued on the 1st of each month (Bangladesh time), each a PDF in the reader's language. */
export function MonthlyStatements() {
  const { t, i18n } = useTranslation('statement');
  const locale = useLocale();
  const statements = useMonthlyStatements();
  const language = i18n.language === 'bn' ? 'bn' : 'en';
  const monthName = (month: string) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

  return (
    <section id="monthly-statements" aria-labelledby="monthly-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6">
      <PanelHeading id="monthly-title" title={t('monthly.title')} subtitle={t('monthly.subtitle')} />
      <PanelQueryState query={statements} loadingLabel={t('monthly.loading')} errorTitle={t('monthly.error')} />
      {statements.data && statements.data.items.length === 0 && <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-slate-700">{t('monthly.empty')}</p>}
      {statements.data && statements.data.items.length > 0 && (
        <ul className="divide-y divide-slate-200">
          {statements.data.items.map((statement) => (
            <li key={statement.month} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
              <span className="font-medium text-slate-900">{monthName(statement.month)}</span>
              <a
                href={statementPdfUrl(statement, language)}
                download
                aria-label={t('monthly.downloadLabel', { month: monthName(statement.month) })}
                className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-4 hover:underline"
              >
                {t('monthly.download')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
