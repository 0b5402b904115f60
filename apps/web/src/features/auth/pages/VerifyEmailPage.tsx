import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MailLinkPage, tokenFromFragment, useLinkTokenOnce } from '../../../components/MailLinkPage';
import { Alert } from '../../../components/ui/Alert';
import { buttonClasses } from '../../../components/ui/Button';
import { LoadingScreen } from '../../../components/ui/Spinner';
import { useErrorMessage } from '../../../lib/errors';
import { refreshWalletAfterMoneyMoved, sessionQueryKey, useMe } from '../../../session';
import { verifyEmail } from '../api/verify-email';

/** /verify-email#token=…: the link mailed at sign-up. Works signed in or not. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const token = tokenFromFragment();
  const me = useMe();
  const verification = useLinkTokenOnce('verify-email', token, async () => {
    await verifyEmail(token);
    // The bonus moved money: the session's user (read when the app started) and the wallet queries are old now.
    // A session request still in flight from the app's start would land after the invalidation
    // and count as fresh: fetch it again (cancelling that one).
    refreshWalletAfterMoneyMoved(queryClient);
    await queryClient.refetchQueries({ queryKey: sessionQueryKey });
  });
  return (
    <MailLinkPage pageTitle={t('verifyEmail.pageTitle')} title={t('verifyEmail.title')} token={token} missing={t('verifyEmail.missing')}>
      {token && verification.isPending && <LoadingScreen label={t('verifyEmail.checking')} />}
      {verification.isError && <Alert tone="error">{errorMessage(verification.error)}</Alert>}
      {verification.isSuccess && <Alert tone="success">{t(me.data?.welcomeBonusRefused ? 'verifyEmail.doneNoBonus' : 'verifyEmail.done')}</Alert>}
      {/* A page load, not a client-side route: the bonus changed the user the app read at its start,
          and a fresh start reads the verified user and the credited wallet from the server. */}
      <a href="/dashboard" className={buttonClasses('secondary')}>
        {t('verifyEmail.toDashboard')}
      </a>
    </MailLinkPage>
  );
}
