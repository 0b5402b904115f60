import {
  changePaymentPinFormSchema,
  errorCodes,
  PAYMENT_PIN_TRIES,
  resetPaymentPinFormSchema,
  type ChangePaymentPinForm,
  type ResetPaymentPinForm,
} from '@poisha/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SET_PIN_PATH } from '../../../components/payment-pin-links';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/PasswordField';
import { PinFormField } from '../../../components/ui/PinField';
import { QueryState } from '../../../components/ui/QueryState';
import { TextField } from '../../../components/ui/TextField';
import { SendCodeRow } from '../../../components/PhoneCodeStep';
import { isApiError } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/api-form';
import { secondsUntil, useNowUntil } from '../../../lib/countdown';
import { formatDateTime } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/errors';
import { formattingLocale } from '../../../lib/i18n';
import { unbrokenPhone, useFormatPhone } from '../../../lib/use-format-phone';
import { paymentsBlocked, useChangePaymentPin, useMe, usePaymentPinStatus, useRequestPinResetCode, useResetPaymentPin } from '../../../session';

const emptyChange: ChangePaymentPinForm = { currentPin: '', newPin: '', confirmPin: '' };
const emptyReset: ResetPaymentPinForm = { code: '', currentPassword: '', newPin: '', confirmPin: '' };

/**
 * The payment PIN in Settings (decision 0042): whether payments are blocked and until when, a change
 * with the PIN in use, and a forgotten PIN reset with a code sent by SMS and the account's password,
 * which also ends a block. Without a PIN, the way to choose one.
 */
export function PaymentPinCard() {
  const { t, i18n } = useTranslation('settings');
  const me = useMe();
  const status = usePaymentPinStatus();
  const [resetDone, setResetDone] = useState(false);
  if (!status.data || !me.data) return <QueryState query={status} loadingLabel={t('pin.loading')} />;

  if (!status.data.set) {
    return (
      <div className="space-y-4" data-testid="settings-pin-not-set">
        <p className="text-sm text-slate-700">{t('pin.notSet')}</p>
        <Link to={SET_PIN_PATH} className={buttonClasses('primary')}>
          {t('pin.choose')}
        </Link>
      </div>
    );
  }

  const blocked = paymentsBlocked(status.data);
  const { triesLeft } = status.data;
  return (
    <div className="space-y-6">
      {blocked && status.data.blockedUntil && (
        <Alert tone="error" title={t('pin.blockedTitle')}>
          <p>{t('pin.blockedUntil', { time: formatDateTime(status.data.blockedUntil, formattingLocale(i18n.language)) })}</p>
        </Alert>
      )}
      {!blocked && triesLeft < PAYMENT_PIN_TRIES && <Alert tone="warning">{t('pin.triesLeft', { count: triesLeft })}</Alert>}
      {resetDone && <Alert tone="success">{t('pin.resetDone')}</Alert>}
      {!blocked && (
        <div className="space-y-4">
          <h3 className="font-semibold text-slate-900">{t('pin.changeTitle')}</h3>
          <ChangePinForm phone={me.data.phone} onChanged={() => setResetDone(false)} />
        </div>
      )}
      <div className="space-y-4 border-t border-slate-100 pt-5">
        <h3 className="font-semibold text-slate-900">{t('pin.forgotTitle')}</h3>
        <ResetPin phone={me.data.phone} onReset={() => setResetDone(true)} />
      </div>
    </div>
  );
}

/** Current PIN, new PIN, the new one again. A wrong current PIN counts like a wrong PIN at a payment. */
function ChangePinForm({ phone, onChanged }: { phone: string; onChanged: () => void }) {
  const { t } = useTranslation('settings');
  const change = useChangePaymentPin();
  const schema = useMemo(() => changePaymentPinFormSchema(phone), [phone]);
  const [changed, setChanged] = useState(false);
  const { control, reset, setValue, submit, busy, failure, fieldError } = useApiForm({
    schema,
    defaultValues: emptyChange,
    recheck: 'onSubmit',
    onSubmit: async ({ currentPin, newPin }) => {
      setChanged(false);
      await change.mutateAsync({ currentPin, newPin });
      reset(emptyChange);
      setChanged(true);
      onChanged();
    },
    onError: (error) => {
      if (!isApiError(error)) return undefined;
      // Blocked (by this try or before): the card says so, with the block's end, once the status is read again.
      if (error.code === errorCodes.paymentPinBlocked) return true;
      // Typed again from the start; the API's sentence (with the tries left) goes under the field.
      if (error.code === errorCodes.wrongPaymentPin) setValue('currentPin', '');
      return undefined;
    },
  });
  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5" data-testid="settings-pin-change">
      <PinFormField control={control} name="currentPin" label={t('pin.current')} error={fieldError('currentPin')} />
      <PinFormField control={control} name="newPin" label={t('pin.new')} hint={t('pin.newHint')} error={fieldError('newPin')} />
      <PinFormField control={control} name="confirmPin" label={t('pin.confirm')} error={fieldError('confirmPin')} />
      {failure && <Alert tone="error">{failure}</Alert>}
      {changed && <Alert tone="success">{t('pin.changed')}</Alert>}
      <Button type="submit" busy={busy} busyText={t('saving')}>
        {t('pin.change')}
      </Button>
    </form>
  );
}

/**
 * "Forgot your PIN?": a code by SMS to the account's number first, then the code, the password and
 * the new PIN twice. A new code once a minute, with the wait shown.
 */
function ResetPin({ phone, onReset }: { phone: string; onReset: () => void }) {
  const { t } = useTranslation('settings');
  const errorMessage = useErrorMessage();
  const formatPhone = useFormatPhone();
  const requestCode = useRequestPinResetCode();
  const resetPin = useResetPaymentPin();
  const schema = useMemo(() => resetPaymentPinFormSchema(phone), [phone]);
  // The number the code went to, once one is on its way.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const now = useNowUntil(resendAt);
  const waitSeconds = secondsUntil(resendAt, now);

  const { control, register, reset, submit, busy, failure, fieldError } = useApiForm({
    schema,
    defaultValues: emptyReset,
    onSubmit: async ({ code, currentPassword, newPin }) => {
      await resetPin.mutateAsync({ code, currentPassword, newPin });
      reset(emptyReset);
      setSentTo(null);
      onReset();
    },
  });

  const sendCode = async () => {
    setSendProblem(null);
    try {
      const answer = await requestCode.mutateAsync();
      setSentTo(answer.phone);
      setResendAt(Date.parse(answer.resendAt));
    } catch (error) {
      // Too soon: a code went a moment ago and can be entered; the wait is shown.
      if (isApiError(error) && error.retryAfterSeconds) {
        setResendAt(Date.now() + error.retryAfterSeconds * 1000);
        setSentTo((current) => current ?? phone);
      }
      setSendProblem(errorMessage(error));
    }
  };
  const giveUp = () => {
    setSentTo(null);
    setSendProblem(null);
    reset(emptyReset);
  };

  /** The button that sends a code (the first, or a new one), with why the last one failed and the wait for the next. */
  const sendCodeRow = (label: string, variant: 'primary' | 'secondary') => (
    <SendCodeRow
      label={label}
      variant={variant}
      onSend={() => void sendCode()}
      sending={requestCode.isPending}
      sendingText={t('pin.sending')}
      waitSeconds={waitSeconds}
      note={sendProblem ? { tone: 'error', text: sendProblem } : null}
      countdownTestId="pin-reset-countdown"
    />
  );

  if (!sentTo) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t('pin.forgotLead', { phone: unbrokenPhone(formatPhone(phone)) })}</p>
        {sendCodeRow(t('pin.sendCode'), 'primary')}
      </div>
    );
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5" data-testid="settings-pin-reset">
      <p role="status" className="text-sm text-slate-700">
        {t('pin.sentTo', { phone: unbrokenPhone(formatPhone(sentTo)) })}
      </p>
      <TextField
        label={t('common:phoneCode.label')}
        hint={t('common:phoneCode.hint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        error={fieldError('code')}
        {...register('code')}
      />
      <PasswordField label={t('pin.password')} hint={t('pin.passwordHint')} autoComplete="current-password" error={fieldError('currentPassword')} {...register('currentPassword')} />
      <PinFormField control={control} name="newPin" label={t('pin.new')} hint={t('pin.newHint')} error={fieldError('newPin')} />
      <PinFormField control={control} name="confirmPin" label={t('pin.confirm')} error={fieldError('confirmPin')} />
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <Button variant="secondary" onClick={giveUp} disabled={busy}>
          {t('pin.cancel')}
        </Button>
        <Button type="submit" busy={busy} busyText={t('saving')}>
          {t('pin.reset')}
        </Button>
      </div>
      <div className="space-y-2 border-t border-slate-100 pt-3">{sendCodeRow(t('common:phoneCode.resend'), 'secondary')}</div>
    </form>
  );
}
