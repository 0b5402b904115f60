import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '../components/ui/Alert';
import { Button } from '../components/ui/Button';
import { LoadingScreen } from '../components/ui/Spinner';
import { QueryState } from '../components/ui/QueryState';
import { useSessionEndReason, type LoginLocationState } from '../features/auth';
import { useSession } from '../session';

/**
 * Guarded pages: a loading animation while the session is unknown, the page when signed in, and
 * otherwise /login with the requested location (path, query and fragment) to come back to.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const reason = useSessionEndReason();

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
