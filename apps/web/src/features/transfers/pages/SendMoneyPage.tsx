import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { SendMoneyForm } from '../components/SendMoneyForm';

/**
 * /dashboard/sendMoney, and the bookmarked top-level /sendMoney. `?to=` (from Quick Pay or a quick
 * pick) fills in the receiver; `quickPicks` is what the app shell puts above the form (favourites).
 */
export default function SendMoneyPage({ quickPicks }: { quickPicks?: ReactNode }) {
  const { t } = useTranslation('transfers');
  const [params] = useSearchParams();
  const to = params.get('to') ?? '';
  const { key } = useLocation();
  return (
    <>
      <title>{t('dashboard:pageTitle', { title: t('title') })}</title>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="max-w-xl rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
        {quickPicks && <Suspense fallback={null}>{quickPicks}</Suspense>}
        {/* Every visit through a link (a quick pick, even the same one again) starts a fresh form for that receiver. */}
        <SendMoneyForm key={key} receiver={to} />
      </div>
    </>
  );
}
