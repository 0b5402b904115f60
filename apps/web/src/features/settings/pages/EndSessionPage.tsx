import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MailLinkPage, tokenFromFragment } from '../../../components/MailLinkPage';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { useErrorMessage } from '../../../lib/errors';
import { endSessionByLink } from '../api/sessions';

/**
 * /end-session#token=…: the link of a new-device mail (decision 0043). Opening it ends nothing:
 * a mail scanner or a link preview only loads the page. The owner presses the button, which sends
 * the token; it works once, signed in or not.
 */
export default function EndSessionPage() {
  const { t } = useTranslation('settings');
  const errorMessage = useErrorMessage();
  const token = tokenFromFragment(200);
  const end = useMutation({ mutationFn: () => endSessionByLink(token) });
  return (
    <MailLinkPage pageTitle={t('endSession.pageTitle')} title={t('endSession.title')} token={token} missing={t('endSession.missing')}>
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
    </MailLinkPage>
  );
}
