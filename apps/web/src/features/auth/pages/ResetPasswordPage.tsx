import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AuthShell } from '../components/AuthShell';
import { ChooseNewPasswordForm } from '../components/ChooseNewPasswordForm';
import { RequestResetForm } from '../components/RequestResetForm';

/** The reset link carries its token in the fragment (#token=…), which browsers never send to a server. */
function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.length <= 200 ? token : null;
}

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { hash } = useLocation();
  const token = tokenFromHash(hash);

  if (token) {
    return (
      <AuthShell title={t('reset.chooseTitle')} subtitle={t('reset.chooseSubtitle')}>
        <title>{t('reset.choosePageTitle')}</title>
        <ChooseNewPasswordForm key={token} token={token} />
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <title>{t('reset.pageTitle')}</title>
      <RequestResetForm />
    </AuthShell>
  );
}
