import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { buttonClasses } from '../../../components/ui/Button';
import { unbrokenPhone, useFormatPhone } from '../../../lib/use-format-phone';
import { useMe } from '../../../session';

/**
 * While the phone number is not proven (a new account, or one from before numbers were proven):
 * money sent to it does not arrive, and the welcome bonus waits (decision 0041).
 */
export function PhoneUnprovenBanner() {
  const { t } = useTranslation('dashboard');
  const me = useMe();
  const formatPhone = useFormatPhone();
  if (!me.data || me.data.phoneVerified) return null;
  return (
    <div data-testid="phone-unproven">
      <Alert tone="warning" title={t('phoneUnproven.title')}>
        <p>{t(me.data.welcomeBonusPending ? 'phoneUnproven.bodyWithBonus' : 'phoneUnproven.body', { phone: unbrokenPhone(formatPhone(me.data.phone)) })}</p>
        <div className="mt-2">
          <Link to="/dashboard/confirmPhone" className={buttonClasses('primary')}>
            {t('phoneUnproven.action')}
          </Link>
        </div>
      </Alert>
    </div>
  );
}
