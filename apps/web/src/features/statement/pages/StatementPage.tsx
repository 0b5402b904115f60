import { PAGE_SIZES, statementTypeSchema, type StatementType } from '@poisha/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { RetryAlert } from '../../../components/ui/QueryState';
import { buttonClasses } from '../../../components/ui/Button';
import { ListIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { statementCsvUrl, useStatement } from '../api/get-statement';
import { useLocale } from '../components/EntryParts';
import { MonthlyStatements } from '../components/MonthlyStatements';
import { Pagination } from '../components/Pagination';
import { PeriodStatement } from '../components/PeriodStatement';
import { StatementEntries } from '../components/StatementEntries';
import { panelId, StatementTabs, tabId } from '../components/StatementTabs';
import { pageRange, parsePage } from '../pagination';

const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

/**
 * The tab, page and page size live in the address (?type=received&page=1&pageSize=10), so Back,
 * reload and a bookmark return to the same view. Missing or odd values mean the defaults.
 */
function useStatementView() {
  const [params, setParams] = useSearchParams();
  const type = statementTypeSchema.catch('sent').parse(params.get('type') ?? 'sent');
  const page = parsePage(params.get('page'));
  const rawSize = Number(params.get('pageSize'));
  const pageSize = PAGE_SIZES.find((size) => size === rawSize) ?? DEFAULT_PAGE_SIZE;

  const update = (next: { type?: StatementType; page?: number; pageSize?: number }) => {
    const merged = { type, page, pageSize, ...next };
    const search = new URLSearchParams();
    if (merged.type !== 'sent') search.set('type', merged.type);
    if (merged.page > 0) search.set('page', String(merged.page));
    if (merged.pageSize !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(merged.pageSize));
    setParams(search, { preventScrollReset: true });
  };
  return { type, page, pageSize, update };
}

export default function StatementPage() {
  const { t } = useTranslation('statement');
  const locale = useLocale();
  const { type, page, pageSize, update } = useStatementView();
  const statement = useStatement({ type, page, pageSize });
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);

  const data = statement.data;
  // A page past the end (an old bookmark, or entries on another tab): go to the last page there is.
  const lastPage = data && data.total > 0 && page >= data.pageCount && data.page === page ? data.pageCount - 1 : null;
  useEffect(() => {
    if (lastPage !== null) update({ page: lastPage });
  });
  const range = data ? pageRange(data.page, data.pageSize, data.total) : null;
  const tabName = t(`tabs.${type}`);

  return (
    <>
      <title>{t('dashboard:pageTitle', { title: t('title') })}</title>
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        {/* Nothing to export from an empty statement. */}
        {data && data.total > 0 && (
          <a href={statementCsvUrl(type)} download aria-label={t('exportCsvLabel')} className={buttonClasses('secondary')}>
            <ListIcon className="size-5" />
            {t('exportCsv')}
          </a>
        )}
      </PageHeader>

      <section className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6">
        <StatementTabs selected={type} onSelect={(next) => update({ type: next, page: 0 })} />

        <div id={panelId} role="tabpanel" aria-labelledby={tabId(type)} aria-busy={statement.isFetching || undefined} className="@container space-y-5">
          {statement.isPending && (
            <div className="flex justify-center py-12 text-brand-700">
              <Spinner label={t('loading')} />
            </div>
          )}
          {statement.isError && !data && (
            <RetryAlert title={t('error')} onRetry={() => statement.refetch()} />
          )}
          {data && data.total === 0 && (
            <div className="rounded-xl bg-slate-50 px-4 py-10 text-center">
              <p className="text-slate-700">{t(`empty.${type}`)}</p>
              {type !== 'received' && (
                <Link to="/dashboard/sendMoney" className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-4 hover:underline">
                  {t('sendNow')}
                </Link>
              )}
            </div>
          )}
          {data && data.items.length > 0 && (
            <StatementEntries
              entries={data.items}
              caption={t('tableCaption', {
                tab: tabName,
                range: range ? t('pagination.range', { from: number(range.from), to: number(range.to), total: number(data.total) }) : '',
              })}
            />
          )}
          {data && (data.total > 0 || page > 0) && (
            <Pagination
              page={page}
              pageCount={data.pageCount}
              pageSize={pageSize}
              onPageChange={(next) => update({ page: next })}
              onPageSizeChange={(next) => update({ pageSize: next, page: 0 })}
            />
          )}
        </div>
      </section>

      <div className="mt-5 space-y-5">
        <PeriodStatement />
        <MonthlyStatements />
      </div>
    </>
  );
}
