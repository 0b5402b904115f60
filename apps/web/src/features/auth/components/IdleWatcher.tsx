import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { getLastActivityAt, subscribeToActivity } from '../../../lib/activity';
import { logout } from '../api/logout';
import { useSession } from '../../../session';
import { signOutLocally } from '../session-end';
import type { LoginLocationState } from '../redirect';

/** The warning opens this long before the session would end. */
const WARNING_MS = 60_000;
const TICK_MS = 1_000;

/** The current time, refreshed every second and whenever the tab becomes visible again. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const timer = window.setInterval(tick, TICK_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, []);
  return now;
}

/**
 * Warns a minute before the server's idle timeout ends the session, and signs out when it does.
 * It only watches the clock and the time of the last API request; it never calls the API by itself,
 * since that would count as activity and keep an unattended session alive.
 */
export default function IdleWatcher({ timeoutMs }: { timeoutMs: number }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const lastActivityAt = useSyncExternalStore(subscribeToActivity, getLastActivityAt);
  const now = useNow();

  const remainingMs = lastActivityAt + timeoutMs - now;
  const expired = lastActivityAt > 0 && remainingMs <= 0;
  const warning = lastActivityAt > 0 && !expired && remainingMs <= WARNING_MS;

  useEffect(() => {
    if (!expired) return;
    // The server has ended the session by now; logging out also clears its cookies.
    logout().catch(() => undefined);
    signOutLocally(queryClient, 'idle');
    const state: LoginLocationState = { from: location, reason: 'idle' };
    void navigate('/login', { replace: true, state });
  }, [expired, location, navigate, queryClient]);

  const staySignedIn = () => {
    // Asking for the session is a request, and every request counts as activity on the server.
    void session.refetch();
  };

  const signOutNow = () => {
    logout().catch(() => undefined);
    signOutLocally(queryClient, 'signedOut');
    void navigate('/login', { replace: true });
  };

  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return (
    <Dialog open={warning} onClose={staySignedIn} title={t('idle.title')} role="alertdialog">
      <p className="mt-2 text-slate-700">{t('idle.message', { count: seconds })}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button onClick={staySignedIn} busy={session.isFetching}>
          {t('idle.stay')}
        </Button>
        <Button variant="secondary" onClick={signOutNow}>
          {t('idle.signOut')}
        </Button>
      </div>
    </Dialog>
  );
}
