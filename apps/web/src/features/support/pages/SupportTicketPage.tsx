import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { Alert } from '../../../components/ui/Alert';
import { NewTicketForm } from '../components/NewTicketForm';
import { TicketList } from '../components/TicketList';
import { TicketThread } from '../components/TicketThread';

/**
 * /dashboard/SupportTicket: open a ticket, see yours with their status, read and answer a thread.
 * `?transaction=<transfer id>` (from "Report a problem" in the statement) ties a new ticket to it;
 * `?ticket=<id>` shows that ticket's thread.
 */
export default function SupportTicketPage() {
  const { t } = useTranslation('help');
  const [params, setParams] = useSearchParams();
  const transactionId = params.get('transaction');
  const selected = params.get('ticket');
  const justOpened = params.get('opened') === '1';
  const select = (id: string, opened = false) => setParams(opened ? { ticket: id, opened: '1' } : { ticket: id });

  return (
    <>
      <title>{t('tickets.pageTitle')}</title>
      <PageHeader title={t('tickets.title')} subtitle={t('tickets.lead')} />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <div className="min-w-0 space-y-6">
          {justOpened && <Alert tone="success">{t('tickets.opened')}</Alert>}
          {selected ? <TicketThread key={selected} id={selected} /> : <NewTicketForm key={transactionId ?? ''} transactionId={transactionId} onOpened={(id) => select(id, true)} />}
          {selected && (
            <button type="button" onClick={() => setParams({})} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4">
              {t('tickets.newAnother')}
            </button>
          )}
        </div>
        <TicketList selected={selected} onSelect={(id) => select(id)} />
      </div>
    </>
  );
}
