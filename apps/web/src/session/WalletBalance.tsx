import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/Button';
import { Spinner } from '../components/ui/Spinner';
import { useFormatMoney } from '../lib/use-format-money';
import { useMe } from './me';

/**
 * "Your Available Balance", live from the wallet (GET /me): large on the Add Money screen, a
 * compact line above the send-money and add-money forms. Moving money updates it in place (see
 * refreshWalletAfterMoneyMoved).
 */
export function WalletBalance({ size = 'compact' }: { size?: 'large' | 'compact' }) {
  const { t } = useTranslation();
  const me = useMe();
  const money = useFormatMoney();
  const large = size === 'large';

  const frame = large
    ? 'on-dark relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white shadow-md sm:p-8'
    : 'flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-brand-950';

  return (
    <section aria-labelledby="wallet-balance-label" className={frame}>
      {large && <div aria-hidden="true" className="absolute -top-16 -right-16 size-48 rounded-full bg-white/5" />}
      <p id="wallet-balance-label" className={large ? 'text-sm font-medium text-brand-100' : 'text-sm font-medium'}>
        {t('balance.label')}
      </p>
      {me.isPending && <Spinner size={large ? 'md' : 'sm'} label={t('balance.loading')} />}
      {me.isError && (
        <div className={large ? 'mt-3 space-y-3' : 'flex items-center gap-3'}>
          <p className="text-sm">{t('balance.error')}</p>
          <Button variant="secondary" onClick={() => void me.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {me.data && (
        <p
          data-testid="wallet-balance"
          aria-live="polite"
          className={large ? 'mt-2 text-4xl font-bold tracking-tight tabular-nums sm:text-5xl' : 'text-xl font-bold tabular-nums'}
        >
          {money(me.data.balance)}
        </p>
      )}
    </section>
  );
}
