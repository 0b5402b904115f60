import { ticketReplyRequestSchema } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { QueryState } from '../../../components/ui/QueryState';
import { useApiForm } from '../../../lib/api-form';
import { useCloseTicket, useReplyToTicket, useTicket } from '../api/tickets';
import { StatusBadge, useLocaleFormat, useTransactionText } from './TicketParts';

/** One ticket: what it is about, the whole thread (shown as text), a reply box and Close. */
export function TicketThread({ id }: { id: string }) {
  const { t } = useTranslation('help');
  const format = useLocaleFormat();
  const transactionText = useTransactionText();
  const ticket = useTicket(id);
  const reply = useReplyToTicket(id);
  const close = useCloseTicket(id);
  const { register, reset, submit, busy, failure, fieldError } = useApiForm({
    schema: ticketReplyRequestSchema,
    defaultValues: { message: '' },
    // A reply being written survives a sign-out (the idle rule), per ticket.
    draft: { name: `ticket-reply.${id}`, fields: ['message'] },
    onSubmit: async ({ message }) => {
      await reply.mutateAsync(message);
      reset({ message: '' });
    },
  });

  if (!ticket.data) return <QueryState query={ticket} loadingLabel={t('tickets.loading')} />;
  const data = ticket.data;
  return (
    <section aria-labelledby="ticket-thread-title" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="ticket-thread-title" tabIndex={-1} className="min-w-0 text-lg font-semibold break-words text-slate-900 outline-none">
          {data.subject}
        </h2>
        <StatusBadge status={data.status} />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {t(`tickets.categories.${data.category}`)} · {t('tickets.openedAt', { date: format.dateTime(data.createdAt) })}
      </p>
      {data.transaction && <p className="mt-2 text-sm text-slate-700">{t('tickets.about', { transaction: transactionText(data.transaction) })}</p>}
      <ol className="mt-5 space-y-3">
        {data.messages.map((message) => (
          <li key={message.id} className={`rounded-xl px-4 py-3 ${message.author === 'support' ? 'mr-6 bg-sky-50' : 'ml-6 bg-slate-100'}`}>
            <p className="text-xs font-semibold text-slate-700">
              {t(`tickets.author.${message.author}`)} · {format.dateTime(message.createdAt)}
            </p>
            <p className="mt-1 break-words whitespace-pre-line text-slate-900">{message.body}</p>
          </li>
        ))}
      </ol>
      {data.status === 'closed' ? (
        <p className="mt-5 rounded-lg bg-slate-100 px-4 py-3 text-slate-700">{t('tickets.closedNote')}</p>
      ) : (
        <form method="post" noValidate onSubmit={submit} className="mt-5 space-y-4">
          <TextAreaField label={t('tickets.reply')} rows={3} maxLength={4000} error={fieldError('message')} {...register('message')} />
          {failure && <Alert tone="error">{failure}</Alert>}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={busy} busyText={t('tickets.sending')}>
              {t('tickets.sendReply')}
            </Button>
            <Button variant="secondary" busy={close.isPending} onClick={() => close.mutate()}>
              {t('tickets.close')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
