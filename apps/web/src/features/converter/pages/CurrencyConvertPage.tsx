import { convertAmount, normalisedAmount, type ConversionDirection } from '@poisha/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { ExchangeIcon } from '../../../components/ui/icons';
import { QueryState } from '../../../components/ui/QueryState';
import { TextField } from '../../../components/ui/TextField';
import { formattingLocale } from '../../../lib/i18n';
import { useRates } from '../api/rates';

const CURRENCIES: Record<ConversionDirection, { from: string; to: string }> = {
  BDT_USD: { from: 'BDT', to: 'USD' },
  USD_BDT: { from: 'USD', to: 'BDT' },
};

/** Shows a plain decimal ("1234.50") with the reader's digits and grouping, without going through a float. */
function localDecimal(decimal: string, locale: string): string {
  const [whole = '0', fraction] = decimal.split('.');
  const digits = new Intl.NumberFormat(locale, { useGrouping: true });
  const grouped = digits.format(BigInt(whole));
  if (fraction === undefined) return grouped;
  const point = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const fractionDigits = [...fraction].map((digit) => new Intl.NumberFormat(locale).format(Number(digit))).join('');
  return `${grouped}${point}${fractionDigits}`;
}

/**
 * /dashboard/CurrencyConvert: Amount, From BDT, To USD, and a swap. Exact decimal arithmetic; the
 * result is rounded to the cent (half-up). Empty or invalid amounts count as 0.
 */
export default function CurrencyConvertPage() {
  const { t, i18n } = useTranslation('help');
  const rates = useRates();
  const [amount, setAmount] = useState('');
  const [direction, setDirection] = useState<ConversionDirection>('BDT_USD');
  const resultId = useId();
  const locale = formattingLocale(i18n.language);
  const { from, to } = CURRENCIES[direction];
  const rate = rates.data?.BDT.USD;

  return (
    <>
      <title>{t('converter.pageTitle')}</title>
      <PageHeader title={t('converter.title')} subtitle={t('converter.lead')} />
      <section aria-labelledby="converter-card" className="max-w-2xl space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
        <h2 id="converter-card" className="text-lg font-semibold text-slate-900">
          {t('converter.card')}
        </h2>
        <QueryState query={rates} loadingLabel={t('converter.loadingRate')} />
        <form method="post" onSubmit={(event) => event.preventDefault()} className="space-y-5">
          <TextField label={t('converter.amount')} inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} aria-controls={resultId} />
          <div className="grid grid-cols-[1fr_auto_1fr] items-end gap-3">
            <div>
              <p className="text-sm font-medium text-slate-800">{t('converter.from')}</p>
              <p className="mt-1.5 flex min-h-11 items-center rounded-lg border border-slate-200 bg-slate-50 px-3.5 font-semibold text-slate-900">{from}</p>
            </div>
            <button
              type="button"
              onClick={() => setDirection(direction === 'BDT_USD' ? 'USD_BDT' : 'BDT_USD')}
              aria-label={t('converter.swap', { from: to, to: from })}
              className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-brand-800 shadow-xs hover:border-brand-700"
            >
              <ExchangeIcon className="size-5" />
            </button>
            <div>
              <p className="text-sm font-medium text-slate-800">{t('converter.to')}</p>
              <p className="mt-1.5 flex min-h-11 items-center rounded-lg border border-slate-200 bg-slate-50 px-3.5 font-semibold text-slate-900">{to}</p>
            </div>
          </div>
          <output id={resultId} aria-live="polite" className="block rounded-xl bg-brand-50 px-4 py-4 text-center text-xl font-bold break-words text-brand-900 tabular-nums">
            {rate
              ? t('converter.result', {
                  amount: localDecimal(normalisedAmount(amount), locale),
                  result: localDecimal(convertAmount(amount, rate, direction), locale),
                  from,
                  to,
                })
              : '…'}
          </output>
        </form>
        {rate && (
          <p className="text-sm text-slate-600">
            {t('converter.rateNote', { rate: localDecimal(rate, locale) })} {t('converter.rounding')}
          </p>
        )}
      </section>
    </>
  );
}
