import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { useErrorMessage } from '../../../lib/errors';
import { endSessionByLink } from '../api/sessions';

/** The token travels in the URL fragment (#token=…), which browsers never send to a server. */
function tokenFromFragment(): string {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  return token.length <= 200 ? token : '';
}

/**
 * /end-session#token=…: the link of a new-device mail (decision 0043). Opening it ends nothing:
 * a mail scanner or a link preview only loads the page. The owner presses the button, which sends
 * the token; it works once, signed in or not.
 */
export default function EndSessionPage() {
  const { t } = useTranslation('settings');
  const errorMessage = useErrorMessage();
  const token = tokenFromFragment();
  const end = useMutation({ mutationFn: () => endSessionByLink(token) });
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <title>{t('endSession.pageTitle')}</title>
      <h1 className="text-2xl font-bold text-slate-900">{t('endSession.title')}</h1>
      <div className="mt-6 space-y-6">
        {!token && <Alert tone="error">{t('endSession.missing')}</Alert>}
        {token && !end.isSuccess && (
          <>
            <p className="text-slate-700">{t('endSession.explain')}</p>
            {end.isError && <Alert tone="error">{errorMessage(end.error)}</Alert>}
            <Button variant="danger" busy={end.isPending} busyText={t('endSession.ending')} onClick={() => end.mutate()}>
              {t('endSession.submit')}
            </Button>
          </>
        )}
        {end.isSuccess && (
          <>
            <Alert tone="success">{t('endSession.done')}</Alert>
            <Link to="/resetpassword" className={buttonClasses('primary')}>
              {t('endSession.resetPassword')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
