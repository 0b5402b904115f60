import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { QueryState } from '../../../components/ui/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { formattingLocale } from '../../../lib/i18n';
import { useSecurityEvents } from '../api/profile';

const WARNING_EVENTS = new Set(['login_failed', 'login_rate_limited']);

/** Recent security activity from the audit log: what happened, when, and from which address. */
export function SecurityActivity() {
  const { t, i18n } = useTranslation('settings');
  const [page, setPage] = useState(0);
  const events = useSecurityEvents(page);
  const locale = formattingLocale(i18n.language);

  if (!events.data) return <QueryState query={events} loadingLabel={t('loading')} />;
  const { items, pageCount } = events.data;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
            <span className={`font-medium ${WARNING_EVENTS.has(item.event) ? 'text-red-800' : 'text-slate-900'}`}>{t(`security.events.${item.event}`)}</span>
            <span className="text-sm text-slate-600">
              <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, locale)}</time>
              {item.ip && <> · {t('security.address', { ip: item.ip })}</>}
            </span>
          </li>
        ))}
      </ul>
      {pageCount > 1 && (
        <div className="flex items-center justify-between gap-3">
          <Button variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('security.newer')}
          </Button>
          <Button variant="secondary" disabled={page + 1 >= pageCount} onClick={() => setPage(page + 1)}>
            {t('security.older')}
          </Button>
        </div>
      )}
    </div>
  );
}
