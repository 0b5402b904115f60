import { zodResolver } from '@hookform/resolvers/zod';
import { createTicketRequestSchema, TICKET_CATEGORIES } from '@poisha/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/SelectField';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { applyFieldErrors, useErrorMessage, useTranslateMessage } from '../../../lib/errors';
import { useFormDraft } from '../../../lib/form-draft';
import { useOpenTicket, useRecentTransactions } from '../api/tickets';
import { useTransactionText } from './TicketParts';

type FormInput = z.input<typeof createTicketRequestSchema>;
type FormOutput = z.output<typeof createTicketRequestSchema>;
const fields = ['subject', 'category', 'message', 'transactionId'] as const;

/**
 * Open a ticket: subject, category, message and, if it is about one, a transaction of the
 * statement ("Report a problem" on a statement entry arrives with it chosen).
 */
export function NewTicketForm({ transactionId, onOpened }: { transactionId: string | null; onOpened: (id: string) => void }) {
  const { t } = useTranslation('help');
  const tm = useTranslateMessage();
  const errorMessage = useErrorMessage();
  const open = useOpenTicket();
  const recent = useRecentTransactions();
  const transactionText = useTransactionText();
  const [failure, setFailure] = useState<string | null>(null);
  const empty = { subject: '', category: transactionId ? 'transfer' : 'other', message: '', transactionId: transactionId ?? '' } as FormInput;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(createTicketRequestSchema), defaultValues: empty });
  // What was typed survives a sign-out (the idle rule) and comes back after signing in.
  const draft = useFormDraft('support-ticket', { watch, setValue }, ['subject', 'message']);
  // Controlled, so the linked transaction stays chosen when the statement's entries arrive after the form.
  const chosenTransaction = useWatch({ control, name: 'transactionId' }) ?? '';

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const ticket = await open.mutateAsync(body);
      reset({ ...empty, transactionId: '' });
      draft.clear();
      onOpened(ticket.id);
    } catch (error) {
      if (applyFieldErrors(error, setError, fields)) return;
      setFailure(errorMessage(error));
    }
  });

  const entries = recent.data?.items ?? [];
  const linkedIsListed = !transactionId || entries.some((entry) => entry.transferId === transactionId);
  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-labelledby="new-ticket-title" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 id="new-ticket-title" className="text-lg font-semibold text-slate-900">
        {t('tickets.newTitle')}
      </h2>
      <TextField label={t('tickets.subject')} maxLength={120} error={tm(errors.subject?.message)} {...register('subject')} />
      <SelectField label={t('tickets.category')} error={tm(errors.category?.message)} {...register('category')}>
        {TICKET_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {t(`tickets.categories.${category}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('tickets.transaction')} hint={t('tickets.transactionHint')} error={tm(errors.transactionId?.message)} {...register('transactionId')} value={chosenTransaction}>
        <option value="">{t('tickets.noTransaction')}</option>
        {!linkedIsListed && transactionId && <option value={transactionId}>{t('tickets.linkedTransaction')}</option>}
        {entries.map((entry) => (
          <option key={entry.id} value={entry.transferId}>
            {transactionText(entry)}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={t('tickets.message')} maxLength={4000} error={tm(errors.message?.message)} {...register('message')} />
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button type="submit" busy={isSubmitting} busyText={t('tickets.sending')}>
        {t('tickets.open')}
      </Button>
    </form>
  );
}
