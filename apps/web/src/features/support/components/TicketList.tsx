import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { QueryState } from '../../../components/ui/QueryState';
import { useTickets } from '../api/tickets';
import { StatusBadge, useLocaleFormat } from './TicketParts';

/** The user's tickets, most recently active first; choosing one shows its thread. */
export function TicketList({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const { t } = useTranslation('help');
  const format = useLocaleFormat();
  const [page, setPage] = useState(0);
  const tickets = useTickets(page);

  return (
    <section aria-labelledby="ticket-list-title" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <h2 id="ticket-list-title" className="text-lg font-semibold text-slate-900">
        {t('tickets.listTitle')}
      </h2>
      <div className="mt-4">
        <QueryState query={tickets} loadingLabel={t('tickets.loading')} />
        {tickets.data?.items.length === 0 && <p className="text-slate-600">{t('tickets.empty')}</p>}
        <ul className="divide-y divide-slate-200">
          {tickets.data?.items.map((ticket) => (
            <li key={ticket.id}>
              <button
                type="button"
                aria-current={ticket.id === selected ? 'true' : undefined}
                onClick={() => onSelect(ticket.id)}
                className={`flex min-h-11 w-full flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg px-2 py-3 text-left hover:bg-slate-50 ${ticket.id === selected ? 'bg-brand-50' : ''}`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{ticket.subject}</span>
                  <span className="block text-sm text-slate-600">
                    {t(`tickets.categories.${ticket.category}`)} · {format.dateTime(ticket.updatedAt)}
                  </span>
                </span>
                <StatusBadge status={ticket.status} />
              </button>
            </li>
          ))}
        </ul>
        {tickets.data && tickets.data.pageCount > 1 && (
          <div className="mt-4 flex justify-between gap-3">
            <Button variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
              {t('tickets.newer')}
            </Button>
            <Button variant="secondary" disabled={page + 1 >= tickets.data.pageCount} onClick={() => setPage(page + 1)}>
              {t('tickets.older')}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
