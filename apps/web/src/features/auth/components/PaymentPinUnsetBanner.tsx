import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SET_PIN_PATH } from '../../../components/payment-pin-links';
import { Alert } from '../../../components/ui/Alert';
import { buttonClasses } from '../../../components/ui/Button';
import { useMe } from '../../../session';

/**
 * While no payment PIN is chosen (a new account, or one from before PINs): every payment needs it
 * (decision 0042). Shown once the phone number is proven, the step before it, so a new account
 * sees one notice at a time.
 */
export function PaymentPinUnsetBanner() {
  const { t } = useTranslation('dashboard');
  const me = useMe();
  if (!me.data || !me.data.phoneVerified || me.data.paymentPinSet) return null;
  return (
    <div data-testid="payment-pin-unset">
      <Alert tone="warning" title={t('pinUnset.title')}>
        <p>{t('pinUnset.body')}</p>
        <div className="mt-2">
          <Link to={SET_PIN_PATH} className={buttonClasses('primary')}>
            {t('pinUnset.action')}
          </Link>
        </div>
      </Alert>
    </div>
  );
}
