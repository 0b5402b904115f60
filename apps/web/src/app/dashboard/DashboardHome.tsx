import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button';
import { BankIcon, PlusCircleIcon, RequestIcon, SendIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { PageHeader } from '../../components/PageHeader';
import { BonusPendingBanner, PaymentPinUnsetBanner, PhoneUnprovenBanner } from '../../features/auth';
import { useFormatMoney } from '../../lib/use-format-money';
import { useMe } from '../../session';
import { LatestTransactions, LinkedAccountsStrip, OverallCard, PanelSlot } from './panels';

const quickActions = [
  { to: '/dashboard/sendMoney', labelKey: 'nav.sendMoney', icon: SendIcon },
  { to: '/dashboard/addMoney', labelKey: 'nav.addMoney', icon: PlusCircleIcon },
  { to: '/dashboard/RequestMoney', labelKey: 'nav.requestMoney', icon: RequestIcon },
  { to: '/dashboard/addMoneyFromBank', labelKey: 'nav.addMoneyFromBank', icon: BankIcon },
] as const;

function BalanceCard() {
  const { t } = useTranslation('dashboard');
  const me = useMe();
  const money = useFormatMoney();
  return (
    <section aria-labelledby="balance-title" className="on-dark relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white shadow-md sm:p-8">
      <div aria-hidden="true" className="absolute -top-16 -right-16 size-48 rounded-full bg-white/5" />
      <div aria-hidden="true" className="absolute -right-6 -bottom-20 size-40 rounded-full bg-brand-400/15" />
      <p id="balance-title" className="text-sm font-medium text-brand-100">
        {t('home.mainAccount')} · {t('home.balanceLabel')}
      </p>
      {me.isPending && (
        <div className="mt-3 h-10">
          <Spinner label={t('home.loadingBalance')} />
        </div>
      )}
      {me.isError && (
        <div className="mt-3 space-y-3">
          <p>{t('home.balanceError')}</p>
          <Button variant="secondary" onClick={() => void me.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      )}
      {me.data && (
        <>
          <p data-testid="home-balance" className="mt-2 text-4xl font-bold tracking-tight tabular-nums sm:text-5xl">
            {money(me.data.balance)}
          </p>
          <p className="mt-3 truncate text-sm text-brand-100">{me.data.email}</p>
        </>
      )}
    </section>
  );
}

export default function DashboardHome() {
  const { t } = useTranslation('dashboard');
  const me = useMe();
  const name = me.data?.name.split(/\s+/)[0];
  return (
    <>
      <title>{t('pageTitle', { title: t('nav.dashboard') })}</title>
      <PageHeader title={name ? t('home.greeting', { name }) : t('home.greetingAnonymous')} subtitle={t('home.subtitle')} />
      <div className="grid gap-6 xl:grid-cols-3">
        <div className="space-y-6 xl:col-span-2">
          <PhoneUnprovenBanner />
          <PaymentPinUnsetBanner />
          <BonusPendingBanner />
          <BalanceCard />
          <section aria-labelledby="quick-title">
            <h2 id="quick-title" className="mb-3 text-lg font-semibold text-slate-900">
              {t('home.quickActions')}
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {quickActions.map(({ to, labelKey, icon: Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="flex h-full min-h-24 flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm font-semibold text-slate-800 shadow-xs transition-colors hover:border-brand-400 hover:text-brand-800"
                  >
                    <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                      <Icon />
                    </span>
                    {t(labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <PanelSlot>
            <LatestTransactions />
          </PanelSlot>
        </div>
        <div className="space-y-6">
          <PanelSlot>
            <LinkedAccountsStrip />
          </PanelSlot>
          <PanelSlot>
            <OverallCard />
          </PanelSlot>
        </div>
      </div>
    </>
  );
}
