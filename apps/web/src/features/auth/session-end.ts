import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { sessionQueryKey, sessionQueryOptions } from '../../session';

/**
 * Why the last session ended in this tab. The guard and the login page use it to tell the person
 * (idle: the 10-minute rule; expired: the server refused the session) or to stay quiet (signedOut).
 */
export type SessionEndReason = 'idle' | 'expired' | 'signedOut';

let endReason: SessionEndReason | null = null;
const listeners = new Set<() => void>();

function setEndReason(reason: SessionEndReason | null) {
  endReason = reason;
  for (const listener of listeners) listener();
}

export function useSessionEndReason(): SessionEndReason | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => endReason,
  );
}

/** Forgets the signed-in user in this tab: the session becomes "signed out" and every cached answer is dropped. */
export function signOutLocally(queryClient: QueryClient, reason: SessionEndReason): void {
  setEndReason(reason);
  queryClient.setQueryData(sessionQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
}

/** After login or sign-up: drop anything cached for a previous user and load the new session. */
export async function startSession(queryClient: QueryClient): Promise<void> {
  setEndReason(null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
}
