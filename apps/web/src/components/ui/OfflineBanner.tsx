import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online';

/** The id money-moving buttons point to (aria-describedby) while they are held offline. */
export const OFFLINE_BANNER_ID = 'offline-banner';

/** A bar across the top of every page while the browser has no network. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div id={OFFLINE_BANNER_ID} role="status" className="sticky top-0 z-40 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950 shadow-sm">
      {t('offline.banner')}
    </div>
  );
}
