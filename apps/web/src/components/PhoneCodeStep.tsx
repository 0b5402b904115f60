import { PHONE_CODE_LENGTH, PHONE_CODE_TTL_SECONDS, verifyPhoneRequestSchema, type PhoneCodeSent, type User } from '@poisha/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';
import { useApiForm } from '../lib/api-form';
import { minutesAndSeconds, secondsUntil, useNowUntil } from '../lib/countdown';
import { useErrorMessage } from '../lib/errors';
import { unbrokenPhone, useFormatPhone } from '../lib/use-format-phone';
import { useLocalDigits } from '../lib/use-local-digits';
import { useVerifyPhone } from '../session';
import { Alert } from './ui/Alert';
import { Button } from './ui/Button';
import { TextField } from './ui/TextField';

export interface PhoneCodeStepProps {
  /** The number (E.164) the code went to, or will go to when the person asks. */
  phone: string;
  /** When a (new) code may be asked for, in ms; null: now. */
  resendAt: number | null;
  /** Whether a code is on its way already (else the first button sends one). */
  codeSent: boolean;
  /** Asks for a (new) code to `phone`. */
  onResend: () => Promise<PhoneCodeSent>;
  onVerified: (user: User) => void;
}

/**
 * Entering the 6-digit code sent by SMS (decision 0041): Latin or Bangla digits, a new code on
 * request with a visible countdown until one may be sent, and the API's refusals (wrong, expired,
 * too many tries) under the field. Used by the sign-up's "Confirm your phone" step and by the phone
 * change in Settings.
 */
export function PhoneCodeStep({ phone, resendAt: initialResendAt, codeSent: initiallySent, onResend, onVerified }: PhoneCodeStepProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const formatPhone = useFormatPhone();
  const local = useLocalDigits();
  const verify = useVerifyPhone();
  const [resendAt, setResendAt] = useState(initialResendAt);
  const [codeSent, setCodeSent] = useState(initiallySent);
  const [resending, setResending] = useState(false);
  const [resendNote, setResendNote] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  // After a code is asked for, the field takes the focus once it is on the screen.
  const focusCode = useRef(false);
  const now = useNowUntil(resendAt);
  const waitSeconds = secondsUntil(resendAt, now);

  const { register, submit, busy, failure, fieldError, setFocus } = useApiForm({
    schema: verifyPhoneRequestSchema,
    defaultValues: { code: '' },
    onSubmit: async (body) => {
      const { user } = await verify.mutateAsync(body);
      onVerified(user);
    },
  });

  useEffect(() => {
    if (!focusCode.current || !codeSent) return;
    focusCode.current = false;
    setFocus('code');
  });

  const resend = async () => {
    setResending(true);
    setResendNote(null);
    try {
      const sent = await onResend();
      setResendAt(Date.parse(sent.resendAt));
      setCodeSent(true);
      setResendNote({ tone: 'success', text: t('phoneCode.resent', { phone: unbrokenPhone(formatPhone(sent.phone)) }) });
      focusCode.current = true;
    } catch (error) {
      if (isApiError(error) && error.retryAfterSeconds) {
        setResendAt(Date.now() + error.retryAfterSeconds * 1000);
        // Too soon: a code went to the number a moment ago (at sign-up, or from another screen), and it can be entered.
        setCodeSent(true);
        focusCode.current = true;
      }
      setResendNote({ tone: 'error', text: errorMessage(error) });
    } finally {
      setResending(false);
    }
  };

  if (!codeSent) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t('phoneCode.willSend', { phone: unbrokenPhone(formatPhone(phone)) })}</p>
        {resendNote && <Alert tone={resendNote.tone}>{resendNote.text}</Alert>}
        <Button onClick={() => void resend()} busy={resending} busyText={t('phoneCode.sending')} disabled={waitSeconds > 0} className="w-full sm:w-auto">
          {t('phoneCode.send')}
        </Button>
        {waitSeconds > 0 && <p className="text-sm text-slate-600">{t('phoneCode.resendIn', { time: local(minutesAndSeconds(waitSeconds)) })}</p>}
      </div>
    );
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-4" data-testid="phone-code-form">
      <p role="status" className="text-sm text-slate-700">{t('phoneCode.sentTo', { phone: unbrokenPhone(formatPhone(phone)), minutes: local(String(PHONE_CODE_TTL_SECONDS / 60)) })}</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        label={t('phoneCode.label')}
        hint={t('phoneCode.hint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        // Room for spaces between the digits; the schema drops them.
        maxLength={PHONE_CODE_LENGTH + 4}
        error={fieldError('code')}
        {...register('code')}
      />
      <Button type="submit" busy={busy} busyText={t('phoneCode.submitting')} className="w-full sm:w-auto">
        {t('phoneCode.submit')}
      </Button>
      <div className="space-y-2 border-t border-slate-100 pt-3">
        <SendCodeRow
          label={t('phoneCode.resend')}
          onSend={() => void resend()}
          sending={resending}
          sendingText={t('phoneCode.sending')}
          waitSeconds={waitSeconds}
          note={resendNote}
          countdownTestId="phone-code-countdown"
        />
      </div>
    </form>
  );
}

/**
 * The button that sends an SMS code (the first or a new one), held while the next must wait, with
 * the wait shown beside it and what became of the last one (`note`) above it. The phone proof's
 * step and the PIN reset in Settings both ask for codes with it.
 */
export function SendCodeRow({
  label,
  variant = 'secondary',
  onSend,
  sending,
  sendingText,
  waitSeconds,
  note,
  countdownTestId,
}: {
  label: string;
  variant?: 'primary' | 'secondary';
  onSend: () => void;
  sending: boolean;
  sendingText: string;
  waitSeconds: number;
  note: { tone: 'success' | 'error'; text: string } | null;
  countdownTestId: string;
}) {
  const { t } = useTranslation();
  const local = useLocalDigits();
  return (
    <>
      {note && <Alert tone={note.tone}>{note.text}</Alert>}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button variant={variant} onClick={onSend} busy={sending} busyText={sendingText} disabled={waitSeconds > 0}>
          {label}
        </Button>
        {waitSeconds > 0 && (
          <span className="text-sm tabular-nums text-slate-600" data-testid={countdownTestId}>
            {t('phoneCode.resendIn', { time: local(minutesAndSeconds(waitSeconds)) })}
          </span>
        )}
      </div>
    </>
  );
}
