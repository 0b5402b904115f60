import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { SendMoneyForm } from '../components/SendMoneyForm';

/** /dashboard/sendMoney, and the bookmarked top-level /sendMoney. */
export default function SendMoneyPage() {
  const { t } = useTranslation('transfers');
  return (
    <>
      <title>{t('dashboard:pageTitle', { title: t('title') })}</title>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="max-w-xl rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
        <SendMoneyForm />
      </div>
    </>
  );
}
