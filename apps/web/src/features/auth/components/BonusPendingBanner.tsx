import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { useErrorMessage } from '../../../lib/errors';
import { useFormatPhone } from '../../../lib/use-format-phone';
import { useMe } from '../../../session';
import { useResendVerification } from '../api/verify-email';

/**
 * Says why the welcome bonus is not in the wallet yet, and mails the link again on request; or, when
 * the address or number had the bonus on an earlier account, that there is none.
 */
export function BonusPendingBanner() {
  const { t } = useTranslation('dashboard');
  const errorMessage = useErrorMessage();
  const me = useMe();
  const resend = useResendVerification();
  const formatPhone = useFormatPhone();
  if (me.data?.welcomeBonusRefused) {
    return (
      <div data-testid="bonus-refused">
        <Alert tone="info" title={t('bonusRefused.title')}>
          <p>{t('bonusRefused.body', { email: me.data.email, phone: formatPhone(me.data.phone) })}</p>
        </Alert>
      </div>
    );
  }
  // While the number is not proven, PhoneUnprovenBanner says what the bonus waits for first.
  if (!me.data?.welcomeBonusPending || !me.data.phoneVerified) return null;
  return (
    <div data-testid="bonus-pending">
      <Alert tone="info" title={t('bonusPending.title')}>
        <p>{t('bonusPending.body', { email: me.data.email })}</p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {t('bonusPending.resend')}
          </Button>
          {resend.isSuccess && <span>{t('bonusPending.sent')}</span>}
          {resend.isError && <span>{errorMessage(resend.error)}</span>}
        </div>
      </Alert>
    </div>
  );
}
