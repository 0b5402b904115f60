import { CURRENCY } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney, localDigits } from '../../../lib/format';
import { formattingLocale } from '../../../lib/i18n';

/** A drawing of the wallet screen for the hero: made of markup, so nothing is fetched from elsewhere. */
export function WalletPreview() {
  const { t, i18n } = useTranslation('public');
  const locale = formattingLocale(i18n.language);
  const rows = [
    { label: t('home.preview.received'), amount: 12000, tone: 'text-brand-700' },
    { label: t('home.preview.sent'), amount: -2500, tone: 'text-slate-900' },
    { label: t('home.preview.added'), amount: 50000, tone: 'text-brand-700' },
  ];
  return (
    <figure className="relative mx-auto w-full max-w-sm">
      <div aria-hidden="true" className="absolute -inset-6 rounded-[2.5rem] bg-brand-200/40 blur-2xl" />
      <div aria-hidden="true" className="relative rounded-[2rem] border border-slate-200 bg-white p-5 shadow-xl">
        <div className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white">
          <p className="text-xs font-medium text-brand-100">{t('home.preview.balance')}</p>
          <p className="mt-1 text-3xl font-bold tabular-nums">{formatMoney(147500, CURRENCY, locale)}</p>
          <p className="mt-4 text-xs tracking-widest text-brand-100">{localDigits('+880 17•• ••• 678', locale)}</p>
        </div>
        <ul className="mt-4 divide-y divide-slate-100 text-sm">
          {rows.map((row) => (
            <li key={row.label} className="flex items-center justify-between gap-3 py-3">
              <span className="text-slate-700">{row.label}</span>
              <span className={`font-semibold tabular-nums ${row.tone}`}>
                {row.amount > 0 ? '+' : ''}
                {formatMoney(row.amount, CURRENCY, locale)}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <figcaption className="sr-only">{t('home.preview.caption')}</figcaption>
    </figure>
  );
}
