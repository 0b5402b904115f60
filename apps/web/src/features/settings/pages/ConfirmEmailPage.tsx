import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MailLinkPage, tokenFromFragment, useLinkTokenOnce } from '../../../components/MailLinkPage';
import { Alert } from '../../../components/ui/Alert';
import { buttonClasses } from '../../../components/ui/Button';
import { LoadingScreen } from '../../../components/ui/Spinner';
import { useErrorMessage } from '../../../lib/errors';
import { confirmEmail } from '../api/profile';

/** /confirmEmail#token=…: the link mailed to a new address. Works signed in or not. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('settings');
  const errorMessage = useErrorMessage();
  const token = tokenFromFragment();
  const confirmation = useLinkTokenOnce('confirm-email', token, confirmEmail);
  return (
    <MailLinkPage pageTitle={t('confirm.pageTitle')} title={t('confirm.title')} token={token} missing={t('confirm.missing')}>
      {token && confirmation.isPending && <LoadingScreen label={t('confirm.checking')} />}
      {confirmation.isError && <Alert tone="error">{errorMessage(confirmation.error)}</Alert>}
      {confirmation.isSuccess && <Alert tone="success">{t('confirm.done')}</Alert>}
      <Link to="/dashboard/Setting" className={buttonClasses('secondary')}>
        {t('confirm.toSettings')}
      </Link>
    </MailLinkPage>
  );
}
