import { changePhoneRequestSchema, type ChangePhoneRequest, type PhoneCodeSent } from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneCodeStep } from '../../../components/PhoneCodeStep';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/PasswordField';
import { PhoneFormField } from '../../../components/ui/PhoneField';
import { useApiForm } from '../../../lib/api-form';
import { unbrokenPhone, useFormatPhone } from '../../../lib/use-format-phone';
import { useChangePhone, useMe } from '../../../session';

/**
 * The wallet's phone number, and changing it (decision 0041): the current password confirms the
 * change (a stolen session cannot move the number), a code goes by SMS to the new number, which
 * becomes the wallet's number once the code is entered; the old one works until then. A new code
 * for the same change is asked with the same request, so the typed password stays in memory until
 * the change is done or given up.
 */
export function PhoneCard() {
  const { t } = useTranslation('settings');
  const me = useMe();
  const formatPhone = useFormatPhone();
  const changePhone = useChangePhone();
  const [pending, setPending] = useState<{ sent: PhoneCodeSent; request: ChangePhoneRequest } | null>(null);
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const { control, register, reset, submit, busy, failure, fieldError } = useApiForm({
    schema: changePhoneRequestSchema,
    defaultValues: { phone: '', currentPassword: '' },
    onSubmit: async (request) => {
      setChangedTo(null);
      setPending({ sent: await changePhone.mutateAsync(request), request });
    },
  });
  const giveUp = () => {
    setPending(null);
    reset({ phone: '', currentPassword: '' });
  };
  if (!me.data) return null;

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">
        {t('phone.current')}{' '}
        <span className="font-semibold whitespace-nowrap text-slate-900" data-testid="settings-current-phone">
          {formatPhone(me.data.phone)}
        </span>{' '}
        <span className={me.data.phoneVerified ? 'text-brand-800' : 'text-amber-800'}>({me.data.phoneVerified ? t('phone.proven') : t('phone.unproven')})</span>
      </p>
      {changedTo && <Alert tone="success">{t('phone.changed', { phone: unbrokenPhone(formatPhone(changedTo)) })}</Alert>}
      {pending ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">{t('phone.keepsOld', { phone: unbrokenPhone(formatPhone(me.data.phone)) })}</p>
          <PhoneCodeStep
            key={pending.sent.phone}
            phone={pending.sent.phone}
            codeSent
            resendAt={Date.parse(pending.sent.resendAt)}
            onResend={() => changePhone.mutateAsync(pending.request)}
            onVerified={(user) => {
              giveUp();
              setChangedTo(user.phone);
            }}
          />
          <Button variant="secondary" onClick={giveUp}>
            {t('phone.cancel')}
          </Button>
        </div>
      ) : (
        <form method="post" noValidate onSubmit={submit} className="space-y-5">
          <PhoneFormField control={control} name="phone" label={t('phone.new')} hint={t('phone.newHint')} error={fieldError('phone')} />
          <PasswordField
            label={t('phone.currentPassword')}
            hint={t('phone.currentPasswordHint')}
            autoComplete="current-password"
            error={fieldError('currentPassword')}
            {...register('currentPassword')}
          />
          {failure && <Alert tone="error">{failure}</Alert>}
          <Button type="submit" busy={busy} busyText={t('saving')}>
            {t('phone.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
