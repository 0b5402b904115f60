import fs from 'node:fs';
import path from 'node:path';

/** The cookie the web app sets when the reader picks a language (apps/web/src/lib/language-preference.ts). */
export const LANGUAGE_COOKIE = 'poisha_language';

export interface PrerenderedPages {
  /** The file under dist/ for a path, in a language, or null when the path is not prerendered. */
  fileFor(pathname: string, language: string): string | null;
  languages: readonly string[];
}

/**
 * The public pages the web build prerendered (apps/web/scripts/prerender.ts writes
 * dist/prerendered/pages.json). Paths match case-insensitively, as in the web app's router.
 */
export function readPrerenderedPages(distDir: string): PrerenderedPages | null {
  const listPath = path.join(distDir, 'prerendered', 'pages.json');
  if (!fs.existsSync(listPath)) return null;
  const list = JSON.parse(fs.readFileSync(listPath, 'utf8')) as { languages: string[]; pages: Record<string, string> };
  const files = new Map(Object.entries(list.pages).map(([pagePath, file]) => [pagePath.toLowerCase(), file]));
  return {
    languages: list.languages,
    fileFor(pathname, language) {
      const file = files.get(pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname);
      return file && list.languages.includes(language) ? path.join('prerendered', language, file) : null;
    },
  };
}

/**
 * The language the web app will pick (lib/i18n.ts): the reader's saved choice, else Bangla when the
 * browser lists any Bangla, else English. The server sees the choice through the cookie the app
 * sets and the browser's languages through Accept-Language.
 */
export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined): string {
  if (cookie === 'en' || cookie === 'bn') return cookie;
  const wanted = (acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '');
  return wanted.some((tag) => tag.startsWith('bn')) ? 'bn' : 'en';
}
