import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/Spinner';
import { formatMoney } from '../../../lib/format';
import { formattingLocale } from '../../../lib/i18n';
import { useMe } from '../../dashboard';

/** "Your Available Balance", live from the wallet; it changes as soon as money is sent. */
export function AvailableBalance() {
  const { t, i18n } = useTranslation('transfers');
  const me = useMe();
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl bg-brand-50 px-4 py-3">
      <span className="text-sm font-medium text-brand-900">{t('balance.label')}</span>
      {me.isPending && <Spinner size="sm" label={t('balance.loading')} />}
      {me.isError && <span className="text-sm text-red-700">{t('balance.error')}</span>}
      {me.data && (
        <span aria-live="polite" className="text-xl font-bold text-brand-900 tabular-nums">
          {formatMoney(me.data.balance.amount, me.data.balance.currency, formattingLocale(i18n.language))}
        </span>
      )}
    </div>
  );
}
