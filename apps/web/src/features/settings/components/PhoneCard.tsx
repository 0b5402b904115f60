import { changePhoneRequestSchema, type PhoneCodeSent } from '@poisha/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneCodeStep } from '../../../components/PhoneCodeStep';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PhoneFormField } from '../../../components/ui/PhoneField';
import { useApiForm } from '../../../lib/api-form';
import { unbrokenPhone, useFormatPhone } from '../../../lib/use-format-phone';
import { useChangePhone, useMe } from '../../../session';

/**
 * The wallet's phone number, and changing it (decision 0041): a code goes by SMS to the new number,
 * which becomes the wallet's number once the code is entered; the old one works until then.
 */
export function PhoneCard() {
  const { t } = useTranslation('settings');
  const me = useMe();
  const formatPhone = useFormatPhone();
  const changePhone = useChangePhone();
  const [pending, setPending] = useState<PhoneCodeSent | null>(null);
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const { control, reset, submit, busy, failure, fieldError } = useApiForm({
    schema: changePhoneRequestSchema,
    defaultValues: { phone: '' },
    onSubmit: async (body) => {
      setChangedTo(null);
      setPending(await changePhone.mutateAsync(body));
    },
  });
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
            key={pending.phone}
            phone={pending.phone}
            codeSent
            resendAt={Date.parse(pending.resendAt)}
            onResend={() => changePhone.mutateAsync({ phone: pending.phone })}
            onVerified={(user) => {
              setPending(null);
              setChangedTo(user.phone);
              reset({ phone: '' });
            }}
          />
          <Button variant="secondary" onClick={() => setPending(null)}>
            {t('phone.cancel')}
          </Button>
        </div>
      ) : (
        <form method="post" noValidate onSubmit={submit} className="space-y-5">
          <PhoneFormField control={control} name="phone" label={t('phone.new')} hint={t('phone.newHint')} error={fieldError('phone')} />
          {failure && <Alert tone="error">{failure}</Alert>}
          <Button type="submit" busy={busy} busyText={t('saving')}>
            {t('phone.submit')}
          </Button>
        </form>
      )}
    </div>
  );
}
