import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
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
  return (
    <>
      <title>{t('dashboard:pageTitle', { title: t('title') })}</title>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="max-w-xl rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
        {quickPicks && <Suspense fallback={null}>{quickPicks}</Suspense>}
        {/* A new receiver from a link starts a fresh form for that person. */}
        <SendMoneyForm key={to} receiver={to} />
      </div>
    </>
  );
}
