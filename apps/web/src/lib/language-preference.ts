/**
 * Where the reader's choice of language is kept. The cookie tells the server which prerendered
 * page to send (apps/api/src/web/static-web.ts reads the same name); localStorage is what the app
 * reads. No imports: boot.ts, the landing page's only script at load, uses this file.
 */
export const LANGUAGE_STORAGE_KEY = 'poisha.language';
export const LANGUAGE_COOKIE = 'poisha_language';

/** The CSRF cookie lives as long as a session: present, the visitor is probably signed in. */
export const SIGNED_IN_COOKIES = ['poisha_csrf', '__Host-poisha_csrf'];

/** Whether this browser probably has a session (one of SIGNED_IN_COOKIES is set). */
export const hasSessionCookie = (): boolean => SIGNED_IN_COOKIES.some((name) => document.cookie.split('; ').some((entry) => entry.startsWith(`${name}=`)));

/** Remembers the language for the server too, for a year. */
export function rememberLanguageForServer(language: string): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}
