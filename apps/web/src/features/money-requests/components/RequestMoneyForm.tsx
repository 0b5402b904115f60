import { zodResolver } from '@hookform/resolvers/zod';
import { requestMoneyFormSchema, type RequestMoneyForm as RequestMoneyInput } from '@poisha/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PhoneFormField } from '../../../components/ui/PhoneField';
import { TextField } from '../../../components/ui/TextField';
import { applyFieldErrors, useErrorMessage, useTranslateMessage } from '../../../lib/errors';
import { useCreateMoneyRequest } from '../api/create-money-request';

type RequestMoneyOutput = z.output<typeof requestMoneyFormSchema>;

const FIELDS = ['from', 'amount', 'note'] as const;

/**
 * Ask a wallet for money: its phone number, an amount in dollars and cents (as in Send Money) and a
 * note. Quick links (a favourite's Money Request, a statement's "Ask for it back") fill it in.
 */
export function RequestMoneyForm({ initial, onSent }: { initial: RequestMoneyInput; onSent: (message: string) => void }) {
  const { t } = useTranslation('requests');
  const tm = useTranslateMessage();
  const errorMessage = useErrorMessage();
  const create = useCreateMoneyRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RequestMoneyInput, unknown, RequestMoneyOutput>({ resolver: zodResolver(requestMoneyFormSchema), defaultValues: initial });

  const onSubmit = handleSubmit(async (request) => {
    setFailure(null);
    try {
      const created = await create.mutateAsync(request);
      reset({ from: '', amount: '', note: '' });
      onSent(t('form.sent', { name: created.counterparty.name }));
    } catch (error) {
      if (!applyFieldErrors(error, setError, FIELDS)) setFailure(errorMessage(error));
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-label={t('form.label')} className="space-y-5">
      {failure && <Alert tone="error">{failure}</Alert>}
      <PhoneFormField control={control} name="from" label={t('form.from')} hint={t('form.fromHint')} error={tm(errors.from?.message)} />
      <TextField label={t('form.amount')} hint={t('form.amountHint')} inputMode="decimal" autoComplete="off" error={tm(errors.amount?.message)} {...register('amount')} />
      <TextField label={t('form.note')} hint={t('form.noteHint')} autoComplete="off" maxLength={140} error={tm(errors.note?.message)} {...register('note')} />
      <Button type="submit" busy={isSubmitting} busyText={t('form.sending')} needsNetwork className="w-full sm:w-auto">
        {t('form.submit')}
      </Button>
    </form>
  );
}
