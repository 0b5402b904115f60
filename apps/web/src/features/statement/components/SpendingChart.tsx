import type { SpendingSummary } from '@poisha/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { useLocale } from './EntryParts';

type Month = SpendingSummary['months'][number];

const WIDTH = 240;
const HEIGHT = 110;
const LABEL_SPACE = 20;
const BAR_AREA = HEIGHT - LABEL_SPACE;

/**
 * A small bar chart of money sent per month, drawn with SVG. The picture is decoration for sighted
 * readers; the same numbers are in a table that screen readers read instead.
 */
export function SpendingChart({ months }: { months: Month[] }) {
  const { t } = useTranslation('statement');
  const locale = useLocale();
  const titleId = useId();
  const largest = Math.max(0, ...months.map((month) => month.spent.amount));
  const slot = WIDTH / Math.max(months.length, 1);
  const barWidth = Math.min(28, slot * 0.6);

  return (
    <figure aria-labelledby={titleId} className="space-y-2">
      <figcaption id={titleId} className="text-sm font-medium text-slate-700">
        {t('overall.chartTitle')}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false" className="h-auto w-full">
        <line x1="0" x2={WIDTH} y1={BAR_AREA} y2={BAR_AREA} className="stroke-slate-300" strokeWidth="1" />
        {months.map((month, index) => {
          // Display geometry only: the amounts themselves are never rounded or converted.
          const height = largest > 0 ? (month.spent.amount / largest) * (BAR_AREA - 8) : 0;
          const x = index * slot + (slot - barWidth) / 2;
          const last = index === months.length - 1;
          return (
            <g key={month.month}>
              <rect x={x} y={BAR_AREA - height} width={barWidth} height={height} rx="3" className={last ? 'fill-brand-700' : 'fill-brand-300'} />
              <text x={x + barWidth / 2} y={HEIGHT - 5} textAnchor="middle" className="fill-slate-700 text-[12px]">
                {formatMonth(month.month, locale)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <thead>
          <tr>
            <th scope="col">{t('overall.chartMonth')}</th>
            <th scope="col">{t('overall.chartSent')}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{formatMonth(month.month, locale, 'long')}</th>
              <td>{formatMoney(month.spent.amount, month.spent.currency, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
