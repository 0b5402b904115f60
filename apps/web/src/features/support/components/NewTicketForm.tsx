import { createTicketRequestSchema, TICKET_CATEGORIES } from '@poisha/contracts';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/SelectField';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { useApiForm } from '../../../lib/api-form';
import { useOpenTicket, useRecentTransactions } from '../api/tickets';
import { useTransactionText } from './TicketParts';

type FormInput = z.input<typeof createTicketRequestSchema>;

/**
 * Open a ticket: subject, category, message and, if it is about one, a transaction of the
 * statement ("Report a problem" on a statement entry arrives with it chosen).
 */
export function NewTicketForm({ transactionId, onOpened }: { transactionId: string | null; onOpened: (id: string) => void }) {
  const { t } = useTranslation('help');
  const open = useOpenTicket();
  const recent = useRecentTransactions();
  const transactionText = useTransactionText();
  const empty = { subject: '', category: transactionId ? 'transfer' : 'other', message: '', transactionId: transactionId ?? '' } as FormInput;
  const { register, reset, control, submit, busy, failure, fieldError } = useApiForm({
    schema: createTicketRequestSchema,
    defaultValues: empty,
    // What was typed survives a sign-out (the idle rule) and comes back after signing in.
    draft: { name: 'support-ticket', fields: ['subject', 'message'] },
    onSubmit: async (body) => {
      const ticket = await open.mutateAsync(body);
      reset({ ...empty, transactionId: '' });
      onOpened(ticket.id);
    },
  });
  // Controlled, so the linked transaction stays chosen when the statement's entries arrive after the form.
  const chosenTransaction = useWatch({ control, name: 'transactionId' }) ?? '';

  const entries = recent.data?.items ?? [];
  const linkedIsListed = !transactionId || entries.some((entry) => entry.transferId === transactionId);
  return (
    <form method="post" noValidate onSubmit={submit} aria-labelledby="new-ticket-title" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 id="new-ticket-title" className="text-lg font-semibold text-slate-900">
        {t('tickets.newTitle')}
      </h2>
      <TextField label={t('tickets.subject')} maxLength={120} error={fieldError('subject')} {...register('subject')} />
      <SelectField label={t('tickets.category')} error={fieldError('category')} {...register('category')}>
        {TICKET_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {t(`tickets.categories.${category}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('tickets.transaction')} hint={t('tickets.transactionHint')} error={fieldError('transactionId')} {...register('transactionId')} value={chosenTransaction}>
        <option value="">{t('tickets.noTransaction')}</option>
        {!linkedIsListed && transactionId && <option value={transactionId}>{t('tickets.linkedTransaction')}</option>}
        {entries.map((entry) => (
          <option key={entry.id} value={entry.transferId}>
            {transactionText(entry)}
          </option>
        ))}
      </SelectField>
      <TextAreaField label={t('tickets.message')} maxLength={4000} error={fieldError('message')} {...register('message')} />
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button type="submit" busy={busy} busyText={t('tickets.sending')}>
        {t('tickets.open')}
      </Button>
    </form>
  );
}
