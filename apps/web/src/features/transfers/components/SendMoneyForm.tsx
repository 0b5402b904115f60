import { sendMoneyFormSchema, type RecipientLookup, type TransferResponse } from '@poisha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PhoneFormField } from '../../../components/ui/PhoneField';
import { TextField } from '../../../components/ui/TextField';
import { useApiForm } from '../../../lib/api-form';
import { useErrorMessage } from '../../../lib/errors';
import { outcomeUnknown, useIdempotencyKeys } from '../../../lib/idempotency';
import { useFormatMoney } from '../../../lib/use-format-money';
import type { PaymentApprovalChoice } from '../../../components/PaymentPinStep';
import { isPaymentApprovalRefusal, useMe, useRefreshWallet, WalletBalance } from '../../../session';
import { useCreateTransfer } from '../api/create-transfer';
import { recipientQueryOptions } from '../api/get-recipient';
import { transferProblems } from '../transfer-errors';
import { ConfirmTransferDialog, type UnapprovedTransfer } from './ConfirmTransferDialog';
import { TransferDoneDialog } from './TransferDoneDialog';

const emptyForm: z.input<typeof sendMoneyFormSchema> = { receiverNumber: '', sendAmount: '', reference: '' };

type Failure = { kind: 'insufficientFunds'; message: string } | { kind: 'other'; message: string };

/**
 * Send Money in three steps: the form is checked here and the number is looked up (whose wallet is
 * it?), a dialog shows the receiver's name and the amount, and only "Confirm" with the payment PIN
 * moves the money. Quick Pay from a favourite comes here too (?to=).
 */
export function SendMoneyForm({ receiver = '' }: { receiver?: string }) {
  const { t } = useTranslation('transfers');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const refreshWallet = useRefreshWallet();
  const transfer = useCreateTransfer();
  const [pending, setPending] = useState<{ request: UnapprovedTransfer; recipient: RecipientLookup } | null>(null);
  const [done, setDone] = useState<TransferResponse | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [retryMessage, setRetryMessage] = useState<string | null>(null);
  // A retry of a transfer whose outcome is unknown, or after a wrong PIN, reuses its key, so the
  // money moves at most once. The key is kept for the transfer without its PIN.
  const keys = useIdempotencyKeys();
  const balance = useMe().data?.balance;
  const money = useFormatMoney();

  const { register, control, setError, setFocus, reset, submit, busy, fieldError } = useApiForm({
    schema: sendMoneyFormSchema,
    defaultValues: { ...emptyForm, receiverNumber: receiver },
    // Checks the form and looks the number up (whose wallet is it?); the dialog then confirms.
    onSubmit: async (request) => {
      setFailure(null);
      setRetryMessage(null);
      // More than the wallet holds is refused at the field, before the confirm sheet (the server checks again).
      if (balance && request.amount > balance.amount) {
        setError('sendAmount', { type: 'balance', message: t('errors.overBalance', { balance: money(balance) }) }, { shouldFocus: true });
        return;
      }
      const recipient = await queryClient.fetchQuery(recipientQueryOptions(request.to));
      setPending({ request, recipient });
    },
    onError: (error) => {
      showProblems(error);
      return true;
    },
  });

  /** Shows a failed lookup or transfer where it belongs: under a field, or in an alert. */
  const showProblems = (error: unknown) => {
    let focused = false;
    for (const problem of transferProblems(error)) {
      if (problem.kind === 'field') {
        // API sentences are translated where they are shown (fieldError below); the app's own keys here.
        const message = problem.translate ? problem.message : t(problem.message);
        setError(problem.field, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      } else if (problem.kind === 'insufficientFunds') {
        setFailure({ kind: 'insufficientFunds', message: errorMessage(error) });
      } else {
        setFailure({ kind: 'other', message: errorMessage(error) });
      }
    }
  };

  /** Sends the confirmed transfer with its approval; a refused PIN or passkey goes back to the dialog's PIN step. */
  const confirm = async (approval: PaymentApprovalChoice) => {
    if (!pending) return;
    const { request } = pending;
    setRetryMessage(null);
    try {
      const result = await transfer.mutateAsync({ request: { ...request, ...approval }, idempotencyKey: keys.keyFor(request) });
      keys.settle();
      setPending(null);
      reset(emptyForm);
      setDone(result);
    } catch (error) {
      keys.settle(error);
      if (isPaymentApprovalRefusal(error)) throw error;
      if (outcomeUnknown(error)) {
        // The money may have gone: show the latest balance and offer a retry with the same key.
        refreshWallet();
        setRetryMessage(`${errorMessage(error)} ${t('confirm.uncertain')}`);
        return;
      }
      setPending(null);
      showProblems(error);
    }
  };

  return (
    <>
      <form method="post" noValidate onSubmit={submit} aria-label={t('form.label')} className="space-y-5">
        <WalletBalance />
        {failure?.kind === 'insufficientFunds' && (
          <Alert tone="error" title={t('errors.insufficientTitle')}>
            {failure.message}
          </Alert>
        )}
        {failure?.kind === 'other' && <Alert tone="error">{failure.message}</Alert>}
        <PhoneFormField
          control={control}
          name="receiverNumber"
          label={t('form.receiverNumber')}
          hint={t('form.receiverHint')}
          error={fieldError('receiverNumber')}
        />
        <TextField
          label={t('form.sendAmount')}
          hint={balance ? t('form.amountHintBalance', { balance: money(balance) }) : t('form.amountHint')}
          inputMode="decimal"
          autoComplete="off"
          error={fieldError('sendAmount')}
          {...register('sendAmount')}
        />
        <TextField
          label={t('form.reference')}
          hint={t('form.referenceHint')}
          autoComplete="off"
          error={fieldError('reference')}
          {...register('reference')}
        />
        <Button type="submit" busy={busy} busyText={t('form.checking')} needsNetwork className="w-full sm:w-auto">
          {t('form.submit')}
        </Button>
      </form>

      <ConfirmTransferDialog
        pending={pending}
        sending={transfer.isPending}
        retryMessage={retryMessage}
        onConfirm={confirm}
        onCancel={() => {
          setPending(null);
          setRetryMessage(null);
        }}
      />
      <TransferDoneDialog
        transfer={done}
        onClose={() => {
          setDone(null);
          // After the dialog has handed focus back, start the next transfer at the first field.
          window.setTimeout(() => setFocus('receiverNumber'));
        }}
      />
    </>
  );
}
