import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { QueryState } from '../../../components/ui/QueryState';
import { useFormatPhone } from '../../../lib/use-format-phone';
import { useBlockedRequesters } from '../api/request-blocks';

/** The numbers whose requests the user does not receive, each with "Unblock". */
export function BlockedNumbers({ onUnblock, unblockingPhone }: { onUnblock: (phone: string, name: string) => void; unblockingPhone: string | null }) {
  const { t } = useTranslation('requests');
  const formatPhone = useFormatPhone();
  const blocked = useBlockedRequesters();
  if (!blocked.data) return <QueryState query={blocked} loadingLabel={t('blocks.loading')} />;
  if (blocked.data.items.length === 0) return <p className="py-2 text-slate-600">{t('blocks.empty')}</p>;
  return (
    <ul className="divide-y divide-slate-200" data-testid="blocked-numbers">
      {blocked.data.items.map((item) => (
        <li key={item.phone} className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div className="min-w-0">
            <p className="font-semibold break-words text-slate-900">{item.name}</p>
            <p className="text-sm text-slate-600 tabular-nums">{formatPhone(item.phone)}</p>
          </div>
          <Button variant="secondary" className="px-4" busy={unblockingPhone === item.phone} onClick={() => onUnblock(item.phone, item.name)} aria-label={t('blocks.unblockNamed', { name: item.name })}>
            {t('blocks.unblock')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
