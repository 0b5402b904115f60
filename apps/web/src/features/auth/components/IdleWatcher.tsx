import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { getLastActivityAt, subscribeToActivity } from '../../../lib/activity';
import { logout } from '../api/logout';
import { sessionQueryOptions, useSession } from '../../../session';
import { signOutLocally } from '../session-end';
import type { LoginLocationState } from '../redirect';

/** The warning opens this long before the session would end. */
const WARNING_MS = 60_000;
const TICK_MS = 1_000;
/** A person at work renews the session at most this often: not one request per keystroke. */
export const RENEW_AFTER_MS = 60_000;
/**
 * What counts as the person being there: typing, pointing, touching, scrolling by wheel or finger.
 * Not `scroll` itself: the page scrolls on its own too (a layout change, scroll anchoring).
 */
const ACTIVITY_EVENTS = ['keydown', 'input', 'pointerdown', 'pointermove', 'touchstart', 'touchmove', 'wheel'] as const;

/**
 * Whether an event is the person's own doing. Browsers send a pointer move without any movement
 * when the page changes under a resting pointer (Chromium does after each layout change, the
 * countdown's included): an unattended screen would renew its session forever.
 */
function isPersonMoving(event: Event, lastPointer: { x: number; y: number } | null): boolean {
  if (!event.isTrusted) return false;
  if (event.type !== 'pointermove' || !(event instanceof PointerEvent)) return true;
  // The first move seen only says where the pointer is: a page that has just loaded under a resting pointer gets one too.
  return lastPointer !== null && (lastPointer.x !== event.screenX || lastPointer.y !== event.screenY);
}

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
 * Keyboard, pointer, touch and scroll activity keep the session: the server counts requests, so
 * activity more than RENEW_AFTER_MS after the last request asks for the session once (a request,
 * so activity on the server too). Someone typing a long support ticket is never signed out.
 */
function useRenewOnActivity(renew: () => Promise<unknown>) {
  useEffect(() => {
    let renewing = false;
    let lastPointer: { x: number; y: number } | null = null;
    const onActivity = (event: Event) => {
      const moving = isPersonMoving(event, lastPointer);
      if (event instanceof PointerEvent && event.type === 'pointermove') lastPointer = { x: event.screenX, y: event.screenY };
      if (!moving || renewing || Date.now() - getLastActivityAt() < RENEW_AFTER_MS) return;
      renewing = true;
      void renew().finally(() => {
        renewing = false;
      });
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [renew]);
}

/**
 * Warns a minute before the server's idle timeout ends the session, and signs out when it does.
 * It watches the clock and the time of the last API request, and renews the session on the
 * person's own activity (useRenewOnActivity); it never calls the API on a timer, since that would
 * keep an unattended session alive.
 */
export default function IdleWatcher({ timeoutMs }: { timeoutMs: number }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const lastActivityAt = useSyncExternalStore(subscribeToActivity, getLastActivityAt);
  const now = useNow();
  useRenewOnActivity(useCallback(() => queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 }), [queryClient]));

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
