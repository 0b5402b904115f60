import { SESSION_DATA_ELEMENT_ID, type SessionResponse } from '@poisha/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from './session';

/**
 * The session the server put into a signed-in visitor's page (GET /auth/session's answer, in a
 * `<script type="application/json">` block; docs/decisions/0021-session-in-the-page.md), taken out
 * of the page so that nothing reads it twice, or null (signed out, a public page, the stored shell).
 */
export function takeSessionFromPage(): SessionResponse | null {
  const element = document.getElementById(SESSION_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  return parseSessionData(element.textContent);
}

/** The block's text, or null when it is not an object with a user: the app then asks the API itself. */
export function parseSessionData(text: string | null): SessionResponse | null {
  try {
    const data: unknown = JSON.parse(text ?? '');
    return typeof data === 'object' && data !== null && typeof (data as { user?: unknown }).user === 'object' ? (data as SessionResponse) : null;
  } catch {
    return null;
  }
}

/**
 * Starts the session query with the page's session, so the first screen needs no round trip. The
 * API's answers are parsed by the schema in the app; this one needs no second check: the server
 * serialised it through the same schema (the route's response schema), and the page and this
 * code come from the same build of the same server, so they cannot disagree about it.
 */
export function seedSessionFromPage(queryClient: QueryClient, session: SessionResponse): void {
  queryClient.setQueryData(sessionQueryKey, session);
}
