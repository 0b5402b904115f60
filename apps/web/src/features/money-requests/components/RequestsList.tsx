import { CURRENCY, type MoneyRequest, type MoneyRequestDirection, type MoneyRequestStatus } from '@poisha/contracts';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { PagedList } from '../../../components/ui/PagedList';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { formattingLocale } from '../../../lib/i18n';
import { useMoneyRequests } from '../api/get-money-requests';
import { useFormatPhone } from '../../../lib/use-format-phone';

const statusStyles: Record<MoneyRequestStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-brand-100 text-brand-900',
  declined: 'bg-red-100 text-red-800',
  cancelled: 'bg-slate-200 text-slate-800',
  expired: 'bg-slate-200 text-slate-800',
};

export interface RequestActions {
  onPay: (request: MoneyRequest) => void;
  onClose: (request: MoneyRequest) => void;
  /** "Block requests from this number" on a request received. */
  onBlock: (request: MoneyRequest) => void;
  /** The request whose decline or cancel is on its way. */
  closingId: string | null;
  /** The number being blocked. */
  blockingPhone: string | null;
}

function RequestRow({ request, actions }: { request: MoneyRequest; actions: RequestActions }) {
  const { t, i18n } = useTranslation('requests');
  const locale = formattingLocale(i18n.language);
  const formatPhone = useFormatPhone();
  const received = request.direction === 'received';
  const name = request.counterparty.name;
  return (
    <li data-testid={`request-${request.direction}`} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Avatar name={name} />
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">
            {received ? t('list.asksYou', { name }) : t('list.youAsked', { name })}
          </p>
          <p className="text-sm text-slate-600 tabular-nums">{formatPhone(request.counterparty.phone)}</p>
          <p className="text-sm break-words text-slate-700">{request.note || t('list.noNote')}</p>
          <p className="text-xs text-slate-600">
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt, locale)}</time>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        <p className="text-lg font-bold text-slate-900 tabular-nums">{formatMoney(request.amount.amount, CURRENCY, locale)}</p>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusStyles[request.status]}`}>{t(`status.${request.status}`)}</span>
        {request.status === 'pending' && (
          <div className="flex gap-2">
            {received && (
              <Button className="px-4" needsNetwork onClick={() => actions.onPay(request)} aria-label={t('list.payNamed', { name })}>
                {t('list.pay')}
              </Button>
            )}
            <Button
              variant="secondary"
              className="px-4"
              busy={actions.closingId === request.id}
              onClick={() => actions.onClose(request)}
              aria-label={received ? t('list.declineNamed', { name }) : t('list.cancelNamed', { name })}
            >
              {received ? t('list.decline') : t('list.cancel')}
            </Button>
          </div>
        )}
        {received && request.status === 'pending' && (
          <Button
            variant="ghost"
            className="px-3 text-red-800"
            busy={actions.blockingPhone === request.counterparty.phone}
            onClick={() => actions.onBlock(request)}
            aria-label={t('list.blockNamed', { name })}
          >
            {t('list.block')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** One list of requests (received or sent), newest first, with "Show more". */
export function RequestsList({ direction, actions }: { direction: MoneyRequestDirection; actions: RequestActions }) {
  const { t } = useTranslation('requests');
  const requests = useMoneyRequests(direction);
  return (
    <PagedList
      query={requests}
      loadingLabel={t('list.loading')}
      emptyText={t(`list.empty.${direction}`)}
      showMoreLabel={t('list.showMore')}
      renderRow={(request) => <RequestRow request={request} actions={actions} />}
    />
  );
}
