import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/Button';
import { useLocalDigits } from '../../../lib/use-local-digits';

export default function NotFoundPage() {
  const { t } = useTranslation('public');
  const digits = useLocalDigits();
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <title>{t('notFound.pageTitle')}</title>
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        {digits('404')}
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{t('notFound.title')}</h1>
      <p className="mt-3 break-all text-slate-600">{t('notFound.text', { path: pathname })}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/" className={buttonClasses('primary')}>
          {t('notFound.home')}
        </Link>
        <Link to="/dashboard" className={buttonClasses('secondary')}>
          {t('notFound.dashboard')}
        </Link>
      </div>
      <Link to="/contactUs" className="mt-6 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-4">
        {t('notFound.contact')}
      </Link>
    </div>
  );
}
