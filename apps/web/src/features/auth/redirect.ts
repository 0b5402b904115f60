import type { Location } from 'react-router';
import type { SessionEndReason } from './session-end';

/** What the guard (or the idle sign-out) hands to /login: where to go back to, and why. */
export interface LoginLocationState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  reason?: SessionEndReason | 'passwordChanged';
}

function asLoginState(state: unknown): LoginLocationState {
  return typeof state === 'object' && state !== null ? (state as LoginLocationState) : {};
}

/** Where to go after signing in: the page that was asked for, else the dashboard. Only paths of this app. */
export function redirectTarget(state: unknown): string {
  const from = asLoginState(state).from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) {
    return '/dashboard';
  }
  const path = `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return /^\/(login|signup|resetpassword)\b/i.test(from.pathname) ? '/dashboard' : path;
}

export function loginReason(state: unknown): LoginLocationState['reason'] {
  return asLoginState(state).reason;
}

/** Passes the remembered page on when the person switches between the Login and Sign Up tabs. */
export function keepFrom(state: unknown): LoginLocationState | undefined {
  const from = asLoginState(state).from;
  return from ? { from } : undefined;
}
