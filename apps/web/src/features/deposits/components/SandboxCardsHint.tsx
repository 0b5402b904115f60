import { useTranslation } from 'react-i18next';
import { InfoIcon } from '../../../components/ui/icons';

const testCards = [
  { number: '4242 4242 4242 4242', outcomeKey: 'card.sandbox.succeeds' },
  { number: '4000 0000 0000 0002', outcomeKey: 'card.sandbox.declined' },
] as const;

/** The sandbox card provider's test cards, so a person can try a deposit without a real card. */
export function SandboxCardsHint() {
  const { t } = useTranslation('deposits');
  return (
    <aside aria-labelledby="sandbox-cards-title" className="flex gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
      <InfoIcon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-1.5">
        <p id="sandbox-cards-title" className="font-semibold">
          {t('card.sandbox.title')}
        </p>
        <ul className="space-y-1">
          {testCards.map(({ number, outcomeKey }) => (
            <li key={number} className="flex flex-wrap items-baseline gap-x-2">
              {/* Typed into the card field as shown: Latin digits in both languages, never translated. */}
              <span translate="no" className="font-mono font-semibold whitespace-nowrap tabular-nums">
                {number}
              </span>
              <span>{t(outcomeKey)}</span>
            </li>
          ))}
        </ul>
        <p>{t('card.sandbox.rest')}</p>
      </div>
    </aside>
  );
}
