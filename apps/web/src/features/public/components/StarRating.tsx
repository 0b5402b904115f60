import { useTranslation } from 'react-i18next';
import { formattingLocale } from '../../../lib/i18n';

const MAX_STARS = 5;

/** Five stars, `value` of them filled; read out as "4 out of 5 stars". */
export function StarRating({ value }: { value: number }) {
  const { t, i18n } = useTranslation('public');
  const numbers = new Intl.NumberFormat(formattingLocale(i18n.language));
  const filled = Math.max(0, Math.min(MAX_STARS, Math.round(value)));
  return (
    <span role="img" aria-label={t('home.reviews.stars', { value: numbers.format(filled), max: numbers.format(MAX_STARS) })} className="inline-flex gap-0.5">
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <svg key={index} viewBox="0 0 20 20" aria-hidden="true" className={`size-5 ${index < filled ? 'text-amber-500' : 'text-slate-300'}`}>
          <path fill="currentColor" d="m10 1.8 2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z" />
        </svg>
      ))}
    </span>
  );
}
