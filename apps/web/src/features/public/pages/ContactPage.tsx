import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ComingSoon } from '../../../components/ui/ComingSoon';

export default function ContactPage() {
  const { t } = useTranslation('public');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <title>{t('contact.pageTitle')}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('contact.title')}</h1>
      <p className="mt-4 text-lg text-slate-700">{t('contact.lead')}</p>
      <div className="mt-8">
        <ComingSoon description={t('contact.formSoon')}>
          <p className="text-sm text-slate-600">
            {t('contact.signedInHint')}{' '}
            <Link to="/dashboard/SupportTicket" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4">
              {t('contact.supportTicket')}
            </Link>
          </p>
        </ComingSoon>
      </div>
    </div>
  );
}
