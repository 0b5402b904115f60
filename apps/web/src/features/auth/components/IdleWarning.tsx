import { lazy, Suspense } from 'react';
import { AfterFirstPaint } from '../../../components/AfterFirstPaint';
import { withNamespaces } from '../../../lib/i18n';
import { useSession } from '../../../session';

/** Only a signed-in person needs the watcher: visitors of the public pages never download it. */
const IdleWatcher = lazy(() => withNamespaces(['auth'], import('./IdleWatcher')));

/**
 * Warns a minute before the server's idle timeout ends the session, and signs out when it does
 * (see IdleWatcher). Its code loads after the screen has painted: the warning is a minute away.
 */
export function IdleWarning() {
  const { data: session } = useSession();
  if (!session) return null;
  return (
    <AfterFirstPaint fallback={null}>
      <Suspense fallback={null}>
        <IdleWatcher timeoutMs={session.idleTimeoutSeconds * 1000} />
      </Suspense>
    </AfterFirstPaint>
  );
}
