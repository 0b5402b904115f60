import { PHONE_CODE_RESEND_SECONDS } from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { SET_PIN_PATH } from '../../../components/payment-pin-links';
import { PhoneCodeStep } from '../../../components/PhoneCodeStep';
import { Alert } from '../../../components/ui/Alert';
import { buttonClasses } from '../../../components/ui/Button';
import { useFormatPhone } from '../../../lib/use-format-phone';
import { useMe, useRequestPhoneCode } from '../../../session';

/** What the sign-up hands this page: when it had the first code sent. */
export interface ConfirmPhoneState {
  codeSentAt?: number;
}

/**
 * /dashboard/confirmPhone: "Confirm your phone" (decision 0041). Right after sign-up the code is on
 * its way (the countdown runs from then); from the dashboard's notice, the first button sends it.
 */
export default function ConfirmPhonePage() {
  const { t } = useTranslation('auth');
  const me = useMe();
  const location = useLocation();
  const formatPhone = useFormatPhone();
  const requestCode = useRequestPhoneCode();
  const codeSentAt = (location.state as ConfirmPhoneState | null)?.codeSentAt;
  const [justProven, setJustProven] = useState(false);

  return (
    <>
      <title>{t('confirmPhone.pageTitle')}</title>
      <PageHeader title={t('confirmPhone.title')} subtitle={t('confirmPhone.lead')} />
      <section aria-labelledby="confirm-phone-heading" className="max-w-xl rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
        <h2 id="confirm-phone-heading" className="text-lg font-semibold text-slate-900">
          {me.data ? formatPhone(me.data.phone) : t('confirmPhone.title')}
        </h2>
        <div className="mt-4">
          {me.data?.phoneVerified ? (
            <div className="space-y-4" data-testid="phone-proven">
              <Alert tone="success" title={t('confirmPhone.doneTitle')}>
                <p>{justProven && !me.data.welcomeBonusPending ? t('confirmPhone.doneWithBonus') : t('confirmPhone.done')}</p>
              </Alert>
              {me.data.paymentPinSet ? (
                <Link to="/dashboard" className={buttonClasses('primary')}>
                  {t('confirmPhone.toDashboard')}
                </Link>
              ) : (
                // The next step of a new account: the payment PIN (decision 0042).
                <>
                  <p className="text-sm text-slate-700">{t('confirmPhone.nextPin')}</p>
                  <div className="flex flex-col gap-3 sm:flex-row">
                    <Link to={SET_PIN_PATH} className={buttonClasses('primary')}>
                      {t('confirmPhone.choosePin')}
                    </Link>
                    <Link to="/dashboard" className={buttonClasses('secondary')}>
                      {t('confirmPhone.toDashboard')}
                    </Link>
                  </div>
                </>
              )}
            </div>
          ) : me.data ? (
            <>
              <PhoneCodeStep
                phone={me.data.phone}
                codeSent={codeSentAt !== undefined}
                resendAt={codeSentAt === undefined ? null : codeSentAt + PHONE_CODE_RESEND_SECONDS * 1000}
                onResend={() => requestCode.mutateAsync()}
                onVerified={() => setJustProven(true)}
              />
              <p className="mt-5 text-sm text-slate-600">
                {t('confirmPhone.wrongNumber')}{' '}
                <Link to="/dashboard/Setting#settings-phone" className="font-semibold text-brand-800 underline-offset-4 hover:underline">
                  {t('confirmPhone.changeNumber')}
                </Link>
              </p>
            </>
          ) : null}
        </div>
      </section>
    </>
  );
}
