import { setPaymentPinFormSchema } from '@poisha/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { PIN_SETTINGS_PATH, type SetPinState } from '../../../components/payment-pin-links';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { PinFormField } from '../../../components/ui/PinField';
import { useApiForm } from '../../../lib/api-form';
import { useMe, useSetPaymentPin } from '../../../session';

/**
 * /dashboard/setPin: "Choose your payment PIN" (decision 0042), the step after the phone proof, and
 * where the dashboard's notice and a payment without a PIN lead. The PIN is typed twice and checked
 * here by every weakness rule, the end of the owner's phone number included, before the server
 * checks it again. A payment that led here is offered back once the PIN is set.
 */
export default function SetPaymentPinPage() {
  const { t } = useTranslation('auth');
  const me = useMe();
  const location = useLocation();
  const returnTo = (location.state as SetPinState | null)?.returnTo;
  const setPin = useSetPaymentPin();
  const [justSet, setJustSet] = useState(false);
  const phone = me.data?.phone;
  const schema = useMemo(() => setPaymentPinFormSchema(phone), [phone]);
  const { control, submit, busy, failure, fieldError } = useApiForm({
    schema,
    defaultValues: { pin: '', confirmPin: '' },
    onSubmit: async ({ pin }) => {
      await setPin.mutateAsync({ pin });
      setJustSet(true);
    },
  });

  const toDashboard = (variant: 'primary' | 'secondary') => (
    <Link to="/dashboard" className={buttonClasses(variant)}>
      {t('setPin.toDashboard')}
    </Link>
  );

  return (
    <>
      <title>{t('setPin.pageTitle')}</title>
      <PageHeader title={t('setPin.title')} subtitle={t('setPin.lead')} />
      <section aria-labelledby="set-pin-heading" className="max-w-xl rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
        <h2 id="set-pin-heading" className="text-lg font-semibold text-slate-900">
          {t('setPin.heading')}
        </h2>
        <div className="mt-4">
          {justSet ? (
            <div className="space-y-4" data-testid="payment-pin-set">
              <Alert tone="success" title={t('setPin.doneTitle')}>
                <p>{t('setPin.done')}</p>
              </Alert>
              <div className="flex flex-col gap-3 sm:flex-row">
                {returnTo ? (
                  <>
                    <Link to={returnTo} className={buttonClasses('primary')}>
                      {t('setPin.continue')}
                    </Link>
                    {toDashboard('secondary')}
                  </>
                ) : (
                  toDashboard('primary')
                )}
              </div>
            </div>
          ) : me.data?.paymentPinSet ? (
            <div className="space-y-4">
              <Alert tone="info">{t('setPin.alreadySet')}</Alert>
              <Link to={PIN_SETTINGS_PATH} className={buttonClasses('primary')}>
                {t('setPin.toSettings')}
              </Link>
            </div>
          ) : me.data ? (
            <form method="post" noValidate onSubmit={submit} className="space-y-5">
              {failure && <Alert tone="error">{failure}</Alert>}
              <PinFormField control={control} name="pin" label={t('setPin.pin')} hint={t('setPin.pinHint')} error={fieldError('pin')} />
              <PinFormField control={control} name="confirmPin" label={t('setPin.confirm')} error={fieldError('confirmPin')} />
              <p className="text-sm text-slate-600">{t('setPin.secret')}</p>
              <Button type="submit" busy={busy} busyText={t('setPin.submitting')} className="w-full sm:w-auto">
                {t('setPin.submit')}
              </Button>
            </form>
          ) : null}
        </div>
      </section>
    </>
  );
}
