import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { Alert } from '../components/ui/Alert';
import { Button } from '../components/ui/Button';
import { LoadingScreen } from '../components/ui/Spinner';
import { QueryState } from '../components/ui/QueryState';
import { useSessionEndReason, type LoginLocationState } from '../features/auth';
import { hasSessionCookie } from '../lib/language-preference';
import { useSession } from '../session';

/** A route's `handle`: starts downloading the route's code (router.tsx, preloadable). */
export interface RoutePreload {
  preload: () => Promise<unknown>;
}

export const hasPreload = (handle: unknown): handle is RoutePreload => typeof (handle as RoutePreload | undefined)?.preload === 'function';

/** The CSRF cookie lives as long as a session: without it the check will send the visitor to /login. */
const probablySignedIn = hasSessionCookie;

/**
 * Guarded pages: a loading animation while the session is unknown, the page when signed in, and
 * otherwise /login with the requested location (path, query and fragment) to come back to.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const reason = useSessionEndReason();
  const matches = useMatches();
  const checking = session.isPending;

  // While the session is checked, the page's code downloads too (for a visitor who is probably
  // signed in): the first screen then waits for one round trip, not three.
  useEffect(() => {
    if (!checking || !probablySignedIn()) return;
    // A failed download is reported by the page's own render (React.lazy), not here.
    for (const match of matches) if (hasPreload(match.handle)) match.handle.preload().catch(() => undefined);
  }, [checking, matches]);

  if (session.data) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    );
  }
  // Opened without a network: the shell says so, and the check runs when the network is back.
  if (session.isPending && session.fetchStatus === 'paused') {
    return (
      <main className="mx-auto max-w-md p-6">
        <QueryState query={session} />
      </main>
    );
  }
  if (session.isPending) return <LoadingScreen label={t('loadingSession')} />;
  // A failed check is not a sign-out: offer to try again rather than sending the person away.
  if (session.isError) {
    return (
      <main className="mx-auto max-w-md p-6">
        <Alert tone="error" title={t('sessionError')}>
          <Button variant="secondary" className="mt-3" onClick={() => void session.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      </main>
    );
  }
  // After a deliberate sign-out there is nothing to come back to and nothing to explain.
  const state: LoginLocationState | undefined = reason === 'signedOut' ? undefined : { from: location, ...(reason ? { reason } : {}) };
  return <Navigate to="/login" replace state={state} />;
}
