import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { buttonClasses } from '../../../components/ui/Button';
import { LoadingScreen } from '../../../components/ui/Spinner';
import { useErrorMessage } from '../../../lib/errors';
import { refreshWalletAfterMoneyMoved, sessionQueryKey, useMe } from '../../../session';
import { verifyEmail } from '../api/verify-email';

/** The token travels in the URL fragment (#token=…), which browsers never send to a server. */
const tokenFromFragment = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

/** /verify-email#token=…: the link mailed at sign-up. Works signed in or not. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const token = tokenFromFragment();
  const me = useMe();
  // A query, not an effect: it runs once per token, even under StrictMode's double render.
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      await verifyEmail(token);
      // The bonus moved money: the session's user (read when the app started) and the wallet queries are old now.
      // A session request still in flight from the app's start would land after the invalidation
      // and count as fresh: fetch it again (cancelling that one).
      refreshWalletAfterMoneyMoved(queryClient);
      await queryClient.refetchQueries({ queryKey: sessionQueryKey });
      return true;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <title>{t('verifyEmail.pageTitle')}</title>
      <h1 className="text-2xl font-bold text-slate-900">{t('verifyEmail.title')}</h1>
      <div className="mt-6 space-y-6">
        {!token && <Alert tone="error">{t('verifyEmail.missing')}</Alert>}
        {token && verification.isPending && <LoadingScreen label={t('verifyEmail.checking')} />}
        {verification.isError && <Alert tone="error">{errorMessage(verification.error)}</Alert>}
        {verification.isSuccess && <Alert tone="success">{t(me.data?.welcomeBonusRefused ? 'verifyEmail.doneNoBonus' : 'verifyEmail.done')}</Alert>}
        {/* A page load, not a client-side route: the bonus changed the user the app read at its start,
            and a fresh start reads the verified user and the credited wallet from the server. */}
        <a href="/dashboard" className={buttonClasses('secondary')}>
          {t('verifyEmail.toDashboard')}
        </a>
      </div>
    </div>
  );
}
