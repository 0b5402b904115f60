import { requestMoneyFormSchema, type RequestMoneyForm as RequestMoneyInput } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { PhoneFormField } from '../../../components/ui/PhoneField';
import { TextField } from '../../../components/ui/TextField';
import { useApiForm } from '../../../lib/api-form';
import { useCreateMoneyRequest } from '../api/create-money-request';

/**
 * Ask a wallet for money: its phone number, an amount in dollars and cents (as in Send Money) and a
 * note. Quick links (a favourite's Money Request, a statement's "Ask for it back") fill it in.
 */
export function RequestMoneyForm({ initial, onSent }: { initial: RequestMoneyInput; onSent: (message: string) => void }) {
  const { t } = useTranslation('requests');
  const create = useCreateMoneyRequest();
  const { register, control, reset, submit, busy, failure, fieldError } = useApiForm({
    schema: requestMoneyFormSchema,
    defaultValues: initial,
    onSubmit: async (request) => {
      const created = await create.mutateAsync(request);
      reset({ from: '', amount: '', note: '' });
      onSent(t('form.sent', { name: created.counterparty.name }));
    },
  });

  return (
    <form method="post" noValidate onSubmit={submit} aria-label={t('form.label')} className="space-y-5">
      {failure && <Alert tone="error">{failure}</Alert>}
      <PhoneFormField control={control} name="from" label={t('form.from')} hint={t('form.fromHint')} error={fieldError('from')} />
      <TextField label={t('form.amount')} hint={t('form.amountHint')} inputMode="decimal" autoComplete="off" error={fieldError('amount')} {...register('amount')} />
      <TextField label={t('form.note')} hint={t('form.noteHint')} autoComplete="off" maxLength={140} error={fieldError('note')} {...register('note')} />
      <Button type="submit" busy={busy} busyText={t('form.sending')} needsNetwork className="w-full sm:w-auto">
        {t('form.submit')}
      </Button>
    </form>
  );
}
