import { PAGE_SIZES } from '@poisha/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '../../../components/ui/Field';
import { pageSlots } from '../pagination';
import { useLocale } from './EntryParts';

interface PaginationProps {
  /** From 0. */
  page: number;
  pageCount: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

const pageButton = 'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-3 text-sm font-semibold tabular-nums transition-colors';

/** Previous, page numbers, next, and the page size: pages are shown counting from 1. */
export function Pagination({ page, pageCount, pageSize, onPageChange, onPageSizeChange }: PaginationProps) {
  const { t } = useTranslation('statement');
  const locale = useLocale();
  const sizeId = useId();
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const shownCount = Math.max(pageCount, 1);

  return (
    <div className="flex flex-col gap-4 @xl:flex-row @xl:items-center @xl:justify-between">
      <div className="flex items-center gap-3">
        <label htmlFor={sizeId} className="text-sm font-medium whitespace-nowrap text-slate-800">
          {t('pagination.pageSize')}
        </label>
        <div className="w-24 shrink-0">
          <select id={sizeId} value={pageSize} onChange={(event) => onPageSizeChange(Number(event.target.value))} className={inputClasses(false)}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {number(size)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <nav aria-label={t('pagination.label')} className="min-w-0">
        <p aria-live="polite" className="mb-1 text-sm text-slate-600 @xl:text-right">
          {t('pagination.pageOf', { page: number(page + 1), count: number(shownCount) })}
        </p>
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            <button
              type="button"
              onClick={() => onPageChange(page - 1)}
              disabled={page <= 0}
              className={`${pageButton} text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent`}
            >
              <span aria-hidden="true">‹</span> {t('pagination.previous')}
            </button>
          </li>
          {pageSlots(page, pageCount).map((slot, index) =>
            slot === 'gap' ? (
              <li key={`gap-${index}`} aria-hidden="true" className="hidden px-1 text-slate-500 @md:block">
                …
              </li>
            ) : (
              // On a phone only Previous and Next, with "Page x of y" above: the numbers would wrap.
              <li key={slot} className="hidden @md:block">
                <button
                  type="button"
                  onClick={() => onPageChange(slot)}
                  aria-current={slot === page ? 'page' : undefined}
                  aria-label={t('pagination.page', { page: number(slot + 1) })}
                  className={`${pageButton} ${slot === page ? 'bg-brand-700 text-white shadow-sm' : 'text-slate-800 hover:bg-slate-100'}`}
                >
                  {number(slot + 1)}
                </button>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              onClick={() => onPageChange(page + 1)}
              disabled={page >= pageCount - 1}
              className={`${pageButton} text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent`}
            >
              {t('pagination.next')} <span aria-hidden="true">›</span>
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
