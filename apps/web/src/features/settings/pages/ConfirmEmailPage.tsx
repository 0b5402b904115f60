import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { buttonClasses } from '../../../components/ui/Button';
import { LoadingScreen } from '../../../components/ui/Spinner';
import { useErrorMessage } from '../../../lib/errors';
import { confirmEmail } from '../api/profile';

/** The token travels in the URL fragment (#token=…), which browsers never send to a server. */
const tokenFromFragment = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

/** /confirmEmail#token=…: the link mailed to a new address. Works signed in or not. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('settings');
  const errorMessage = useErrorMessage();
  const token = tokenFromFragment();
  // A query, not an effect: it runs once per token, even under StrictMode's double render.
  const confirmation = useQuery({ queryKey: ['confirm-email', token], queryFn: () => confirmEmail(token).then(() => true), enabled: token !== '', retry: false, staleTime: Infinity });
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <title>{t('confirm.pageTitle')}</title>
      <h1 className="text-2xl font-bold text-slate-900">{t('confirm.title')}</h1>
      <div className="mt-6 space-y-6">
        {!token && <Alert tone="error">{t('confirm.missing')}</Alert>}
        {token && confirmation.isPending && <LoadingScreen label={t('confirm.checking')} />}
        {confirmation.isError && <Alert tone="error">{errorMessage(confirmation.error)}</Alert>}
        {confirmation.isSuccess && <Alert tone="success">{t('confirm.done')}</Alert>}
        <Link to="/dashboard/Setting" className={buttonClasses('secondary')}>
          {t('confirm.toSettings')}
        </Link>
      </div>
    </div>
  );
}
