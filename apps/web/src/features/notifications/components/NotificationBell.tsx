import type { Notification } from '@poisha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { BellIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { formatDateTime } from '../../../lib/dates';
import { formatNumber } from '../../../lib/format';
import { useErrorMessage } from '../../../lib/errors';
import { formattingLocale } from '../../../lib/i18n';
import { useFormatMoney } from '../../../lib/use-format-money';
import { useRefreshWallet } from '../../../session';
import { useNotifications } from '../api/get-notifications';
import { notificationsQueryKey, useUnreadCount } from '../api/get-unread-count';
import { useMarkRead } from '../api/mark-read';
import { useLocalDigits } from '../../../lib/use-local-digits';

/** Where a notification leads: requests to the Request Money screen, money and statements to the statement, support's answer to its ticket. */
function targetOf(notification: Notification): string {
  if (notification.kind === 'support_replied' && notification.ticketId) return `/dashboard/SupportTicket?ticket=${encodeURIComponent(notification.ticketId)}`;
  if (notification.kind === 'statement_ready') return '/dashboard/TransitionHistory#monthly-statements';
  return notification.kind === 'money_received' ? '/dashboard/TransitionHistory' : '/dashboard/RequestMoney';
}

/** "November 2026" for "2026-11", in the reader's language. */
function monthName(month: string | null, locale: string): string {
  if (!month) return '';
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: (notification: Notification) => void }) {
  const { t, i18n } = useTranslation('notifications');
  const money = useFormatMoney();
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className={`flex min-h-11 w-full items-start gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-slate-100 ${notification.read ? '' : 'bg-brand-50'}`}
      >
        <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${notification.read ? 'bg-transparent' : 'bg-brand-700'}`} />
        <span className="min-w-0">
          <span className="block text-sm break-words text-slate-900">
            {/* Events of one kind from one person are grouped while unread: "in 3 transfers". */}
            {t(notification.count > 1 ? `kindsGrouped.${notification.kind}` : `kinds.${notification.kind}`, {
              name: notification.counterparty.name,
              amount: money(notification.amount),
              events: formatNumber(notification.count, formattingLocale(i18n.language)),
              month: monthName(notification.statementMonth, formattingLocale(i18n.language)),
            })}
            {!notification.read && <span className="sr-only"> ({t('unread')})</span>}
          </span>
          <time dateTime={notification.createdAt} className="block text-xs text-slate-600">
            {formatDateTime(notification.createdAt, formattingLocale(i18n.language))}
          </time>
        </span>
      </button>
    </li>
  );
}

/**
 * The bell in the dashboard header: the unread count (polled), and the list in a dialog, with
 * "mark all as read". A count that grows means something happened, often money arriving, so the
 * wallet and the lists are fetched again too: a new payment shows without a reload.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshWallet = useRefreshWallet();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const list = useNotifications(open);
  const markRead = useMarkRead();
  const count = unread.data?.count ?? 0;
  const digits = useLocalDigits();

  const lastCount = useRef<number | null>(null);
  useEffect(() => {
    if (unread.data === undefined) return;
    if (lastCount.current !== null && unread.data.count > lastCount.current) {
      refreshWallet();
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey, refetchType: 'active' });
      void queryClient.invalidateQueries({ queryKey: ['money-requests'] });
    }
    lastCount.current = unread.data.count;
  }, [unread.data, refreshWallet, queryClient]);

  const openNotification = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification.id);
    setOpen(false);
    void navigate(targetOf(notification));
  };

  // Newest first by when it happened, across the pages loaded so far (the server orders each page so).
  const items = (list.data?.pages.flatMap((page) => page.items) ?? []).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={count > 0 ? t('bellUnread', { count }) : t('bell')}
        className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        <BellIcon className="size-6" />
        {count > 0 && (
          <span
            data-testid="unread-count"
            aria-hidden="true"
            className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs leading-5 font-bold text-white"
          >
            {digits(count > 99 ? '99+' : String(count))}
          </span>
        )}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('title')}>
        <div className="mt-3 flex items-center justify-between gap-2">
          <p className="text-sm text-slate-600">{count > 0 ? t('unreadCount', { count }) : t('allRead')}</p>
          {count > 0 && (
            <Button variant="ghost" className="px-3" busy={markRead.isPending && markRead.variables === undefined} onClick={() => markRead.mutate(undefined)}>
              {t('markAll')}
            </Button>
          )}
        </div>
        <div className="mt-2 max-h-[60dvh] overflow-y-auto">
          {list.isPending && <Spinner label={t('loading')} />}
          {list.isError && <Alert tone="error">{errorMessage(list.error)}</Alert>}
          {list.data && items.length === 0 && <p className="py-6 text-center text-slate-600">{t('empty')}</p>}
          {items.length > 0 && (
            <ul className="space-y-1">
              {items.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} onOpen={openNotification} />
              ))}
            </ul>
          )}
          {list.hasNextPage && (
            <Button variant="secondary" className="mt-2 w-full" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('showMore')}
            </Button>
          )}
        </div>
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" data-autofocus onClick={() => setOpen(false)}>
            {t('close')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
