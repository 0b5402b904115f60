import { lazy, Suspense } from 'react';
import { withNamespaces } from '../../../lib/i18n';
import { useSession } from '../../../session';

/** Only a signed-in person needs the watcher: visitors of the public pages never download it. */
const IdleWatcher = lazy(() => withNamespaces(['auth'], import('./IdleWatcher')));

/**
 * Warns a minute before the server's idle timeout ends the session, and signs out when it does
 * (see IdleWatcher).
 */
export function IdleWarning() {
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <IdleWatcher timeoutMs={session.idleTimeoutSeconds * 1000} />
    </Suspense>
  );
}
