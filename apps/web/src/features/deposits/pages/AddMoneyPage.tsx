import { BANK_DEPOSIT_MAX_CENTS, BANK_DEPOSIT_MIN_CENTS, CURRENCY, PAYPAL_TOP_UP_CENTS } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRightIcon, BankIcon, CardIcon, WalletIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/PageHeader';
import { WalletBalance } from '../../../session';
import { useFormatMoney } from '../../../lib/use-format-money';

/** Add Money: the real balance and the three ways to top up the wallet. */
export default function AddMoneyPage() {
  const { t } = useTranslation('deposits');
  const money = useFormatMoney();
  const options = [
    {
      to: '/dashboard/addMoneyFromBank',
      icon: BankIcon,
      title: t('addMoney.bank.title'),
      description: t('addMoney.bank.description', {
        min: money({ amount: BANK_DEPOSIT_MIN_CENTS, currency: CURRENCY }),
        max: money({ amount: BANK_DEPOSIT_MAX_CENTS, currency: CURRENCY }),
      }),
    },
    { to: '/dashboard/BankTransfer', icon: CardIcon, title: t('addMoney.card.title'), description: t('addMoney.card.description') },
    {
      to: '/dashboard/paypal',
      icon: WalletIcon,
      title: t('addMoney.paypal.title'),
      description: t('addMoney.paypal.description', { amount: money({ amount: PAYPAL_TOP_UP_CENTS, currency: CURRENCY }) }),
    },
  ];

  return (
    <>
      <title>{t('dashboard:pageTitle', { title: t('addMoney.title') })}</title>
      <PageHeader title={t('addMoney.title')} subtitle={t('addMoney.subtitle')} />
      <div className="space-y-8">
        <WalletBalance size="large" />
        <section aria-labelledby="add-money-options">
          <h2 id="add-money-options" className="mb-3 text-lg font-semibold text-slate-900">
            {t('addMoney.optionsTitle')}
          </h2>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-3">
            {options.map(({ to, icon: Icon, title, description }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="group flex h-full min-h-24 items-start gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs transition-colors hover:border-brand-400 md:flex-col"
                >
                  <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <Icon className="size-6" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2 font-semibold text-slate-900 group-hover:text-brand-800">
                      {title}
                      <ArrowRightIcon className="size-4 shrink-0 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
                    </span>
                    <span className="mt-1 block text-sm text-slate-600">{description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
