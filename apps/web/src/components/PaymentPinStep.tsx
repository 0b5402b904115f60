import { errorCodes, PAYMENT_PIN_TRIES, paymentPinFormSchema, type PasskeyAssertion } from '@poisha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../lib/api-client';
import { useApiForm } from '../lib/api-form';
import { formatDateTime } from '../lib/dates';
import { useTranslateMessage } from '../lib/errors';
import { formattingLocale } from '../lib/i18n';
import { passkeyPromptProblem, useWebAuthnSupported } from '../lib/webauthn';
import { isPaymentPinRefusal, passkeyPaymentApproval, paymentsBlocked, refreshAfterPinRefusal, useMe, usePasskeys, usePaymentPinStatus } from '../session';
import { PIN_SETTINGS_PATH, SET_PIN_PATH, type SetPinState } from './payment-pin-links';
import { Alert } from './ui/Alert';
import { Button, buttonClasses } from './ui/Button';
import { PasskeyIcon } from './ui/icons';
import { PinFormField } from './ui/PinField';
import { OrDivider } from './ui/OrDivider';

/** When a block answered now with this Retry-After ends (ISO), or null without one. */
const endOfBlock = (retryAfterSeconds: number | null) => (retryAfterSeconds === null ? null : new Date(Date.now() + retryAfterSeconds * 1000).toISOString());

/** How a payment is approved: the PIN typed, or a passkey's assertion (decision 0045). Spread into the payment's body. */
export type PaymentApprovalChoice = { pin: string } | { passkey: PasskeyAssertion };

export interface PaymentPinStepProps {
  /**
   * Makes the payment with this approval. Resolves once it is done, or once the payment's own
   * refusal is shown by the caller; rejects with a refusal of the approval (isPaymentApprovalRefusal),
   * which this step shows: a wrong PIN under the field, a block with its end, no PIN with the way to
   * set one, a passkey not accepted by the passkey button. The caller keeps the Idempotency-Key.
   */
  onPay: (approval: PaymentApprovalChoice) => Promise<void>;
  onCancel: () => void;
  payLabel: string;
  payingLabel: string;
  cancelLabel: string;
  /** Holds the pay button (a balance too low for the amount). */
  payDisabled?: boolean;
  /** Shown above the buttons: what the last attempt left open (an unknown outcome). */
  notice?: ReactNode;
}

/**
 * The last step of every payment (send money, Quick Pay, pay a request): the payment PIN and the
 * pay button, inside the payment's confirm dialog. A wrong PIN keeps the dialog open with the
 * tries left under the field (the caller sends the same payment again with the same key); after 3
 * wrong PINs payments are blocked, said with the time the block ends and the way to reset the PIN;
 * an account without a PIN is led to set one. The PIN's status is read as the dialog opens, so a
 * block is known before anything is typed.
 *
 * Where the browser has passkeys and the account has one (decision 0045), "Approve with passkey"
 * pays without the PIN: a payment challenge, the phone's fingerprint, face or screen lock, and the
 * payment with `{ passkey }`. A closed prompt or a passkey the server refused leaves the PIN there.
 */
export function PaymentPinStep({ onPay, onCancel, payLabel, payingLabel, cancelLabel, payDisabled = false, notice }: PaymentPinStepProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const me = useMe();
  const status = usePaymentPinStatus();
  // What the last payment's answer said, before the status read again confirms it (a block's end
  // from its Retry-After).
  const [refused, setRefused] = useState<{ kind: 'blocked'; until: string | null } | { kind: 'notSet' } | null>(null);
  const translate = useTranslateMessage();
  const webAuthn = useWebAuthnSupported();
  const passkeys = usePasskeys({ enabled: webAuthn });
  const offerPasskey = webAuthn && (passkeys.data?.passkeys.length ?? 0) > 0;
  const [waitingForPasskey, setWaitingForPasskey] = useState(false);
  // What the last passkey attempt left to say, by its button: a closed prompt (calm), or a refusal.
  const [passkeyNote, setPasskeyNote] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);

  const { control, setValue, clearErrors, submit, busy, failure, setFailure, showError, fieldError } = useApiForm({
    schema: paymentPinFormSchema,
    defaultValues: { pin: '' },
    recheck: 'onSubmit',
    onSubmit: async ({ pin }) => {
      setRefused(null);
      setPasskeyNote(null);
      await onPay({ pin });
    },
    onError: (error) => {
      if (!isApiError(error) || !isPaymentPinRefusal(error)) return undefined;
      // The tries left, or the block's end, are read again (and the user, when no PIN is set).
      refreshAfterPinRefusal(queryClient, error);
      if (error.code === errorCodes.paymentPinBlocked) {
        setRefused({ kind: 'blocked', until: endOfBlock(error.retryAfterSeconds) });
        return true;
      }
      if (error.code === errorCodes.paymentPinNotSet) {
        setRefused({ kind: 'notSet' });
        return true;
      }
      // A wrong PIN: typed again from the start; the API's sentence (with the tries left) goes under the field.
      if (error.code === errorCodes.wrongPaymentPin) setValue('pin', '');
      return undefined;
    },
  });

  /** The passkey's way: its own busy state and messages; the PIN's refusals and the rest as the form shows them. */
  const approveWithPasskey = async () => {
    if (busy || waitingForPasskey) return;
    setPasskeyNote(null);
    setFailure(null);
    clearErrors('pin');
    setWaitingForPasskey(true);
    try {
      const approval = await passkeyPaymentApproval();
      setRefused(null);
      await onPay(approval);
    } catch (error) {
      const problem = passkeyPromptProblem(error);
      if (problem) setPasskeyNote({ tone: problem === 'dismissed' ? 'info' : 'error', text: t(problem === 'dismissed' ? 'paymentPin.passkeyDismissed' : 'paymentPin.passkeyFailed') });
      else if (isApiError(error) && error.code === errorCodes.passkeyNotAccepted) setPasskeyNote({ tone: 'error', text: translate(error.fields.pin ?? error.message) ?? '' });
      else showError(error);
    } finally {
      setWaitingForPasskey(false);
    }
  };

  const pinSet = refused?.kind !== 'notSet' && (status.data?.set ?? me.data?.paymentPinSet ?? true);
  const blocked = refused?.kind === 'blocked' || paymentsBlocked(status.data);
  const blockEnd = paymentsBlocked(status.data) ? (status.data?.blockedUntil ?? null) : refused?.kind === 'blocked' ? refused.until : null;
  const blockedUntil = blockEnd ? formatDateTime(blockEnd, formattingLocale(i18n.language)) : null;
  const triesLeft = status.data?.triesLeft ?? PAYMENT_PIN_TRIES;

  const cancel = (
    <Button variant="secondary" onClick={onCancel} disabled={busy || waitingForPasskey}>
      {cancelLabel}
    </Button>
  );

  if (!pinSet) {
    return (
      <div className="mt-4 space-y-6" data-testid="payment-pin-not-set">
        <Alert tone="warning" title={t('paymentPin.notSetTitle')}>
          <p>{t('paymentPin.notSet')}</p>
        </Alert>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {cancel}
          <Link to={SET_PIN_PATH} state={{ returnTo: `${location.pathname}${location.search}` } satisfies SetPinState} className={buttonClasses('primary')}>
            {t('paymentPin.setAction')}
          </Link>
        </div>
      </div>
    );
  }

  if (blocked) {
    return (
      <div className="mt-4 space-y-6" data-testid="payment-pin-blocked">
        <Alert tone="error" title={t('paymentPin.blockedTitle')}>
          <p>{blockedUntil ? t('paymentPin.blockedUntil', { time: blockedUntil }) : t('paymentPin.blocked')}</p>
        </Alert>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {cancel}
          <Link to={PIN_SETTINGS_PATH} className={buttonClasses('primary')}>
            {t('paymentPin.resetAction')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <form method="post" noValidate onSubmit={submit} aria-label={t('paymentPin.formLabel')} className="mt-4 space-y-4">
      <PinFormField
        control={control}
        name="pin"
        label={t('paymentPin.label')}
        hint={triesLeft < PAYMENT_PIN_TRIES ? t('paymentPin.triesLeft', { count: triesLeft }) : t('paymentPin.hint')}
        error={fieldError('pin')}
        disabled={payDisabled}
        dialogFocus
      />
      <p className="text-sm">
        <Link to={PIN_SETTINGS_PATH} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
          {t('paymentPin.forgot')}
        </Link>
      </p>
      {offerPasskey && (
        <div className="space-y-3" data-testid="passkey-approval">
          <OrDivider label={t('paymentPin.or')} />
          <Button
            variant="secondary"
            needsNetwork
            className="w-full"
            busy={waitingForPasskey}
            busyText={t('paymentPin.passkeyWaiting')}
            disabled={payDisabled || busy}
            onClick={() => void approveWithPasskey()}
          >
            <PasskeyIcon />
            {t('paymentPin.passkeyAction')}
          </Button>
          <p className="text-sm text-slate-600">
            {t('paymentPin.passkeyHint')}
          </p>
          {passkeyNote && <Alert tone={passkeyNote.tone}>{passkeyNote.text}</Alert>}
        </div>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      {notice}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" needsNetwork busy={busy} busyText={payingLabel} disabled={payDisabled || waitingForPasskey}>
          {payLabel}
        </Button>
      </div>
    </form>
  );
}
