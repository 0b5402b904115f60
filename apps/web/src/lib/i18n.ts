import i18n, { type BackendModule, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formatNumber } from './format';
import { LANGUAGE_STORAGE_KEY, rememberLanguageForServer } from './language-preference';

export const LANGUAGES = [
  { code: 'en', name: 'English', locale: 'en-US' },
  { code: 'bn', name: 'বাংলা', locale: 'bn-BD' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** False while the build prerenders public pages in Node (scripts/prerender.ts). */
const inBrowser = typeof document !== 'undefined';

const isLanguage = (value: unknown): value is LanguageCode => LANGUAGES.some((language) => language.code === value);

function initialLanguage(): LanguageCode {
  // The prerender sets the language itself, page by page.
  if (!inBrowser) return 'en';
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage can be unavailable; fall back to the browser's preference.
  }
  return navigator.languages.some((language) => language.toLowerCase().startsWith('bn')) ? 'bn' : 'en';
}

/** The locale for Intl formatting of the current language (Bangla digits for Bangla). */
export function formattingLocale(language: string): string {
  return LANGUAGES.find((candidate) => candidate.code === language)?.locale ?? 'en-US';
}

/** The language the app is shown in, which the mails a form asks for are written in. */
export const currentLanguage = (): LanguageCode => (isLanguage(i18n.language) ? i18n.language : 'en');

export function changeLanguage(language: LanguageCode): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice then lasts for this visit only.
  }
  rememberLanguageForServer(language);
  void i18n.changeLanguage(language);
}

/**
 * Messages from the shared schemas and the API are English sentences. They are translated by
 * looking the sentence up in the "validation" namespace; an unknown sentence is shown as it is.
 */
export function translateMessage(t: TFunction, message: string, options: Record<string, unknown> = {}): string {
  return t(message, { ...options, ns: 'validation', defaultValue: message, keySeparator: false, nsSeparator: false });
}

i18n.on('languageChanged', (language) => {
  if (inBrowser) document.documentElement.lang = language;
});

/**
 * Every translation file, each its own chunk: a page downloads the texts of the language it shows,
 * and only of the namespaces it uses (the landing page: common and public).
 */
const translationFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });

const lazyTranslations: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = translationFiles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

/** What every page shows (the top bar, the footer, the landing page): loaded before the first render. */
const STARTUP_NAMESPACES = ['common', 'public'];

/** Texts of the sign-in screens; API and form messages are translated through "validation". */
export const AUTH_NAMESPACES = ['auth', 'validation'] as const;

/**
 * Texts of the signed-in screens, loaded together with each one's code (router.tsx). The layout and
 * the home's first screen need only the first: the rest loads beside them, with the panels.
 */
export const DASHBOARD_NAMESPACES = ['dashboard', 'auth', 'validation', 'transfers', 'statement', 'account', 'deposits', 'favourites', 'requests', 'notifications'] as const;

/** What the dashboard's layout and the home's first screen show (navigation, greeting, balance, the bonus banner's error messages). */
export const DASHBOARD_SHELL_NAMESPACES = ['dashboard', 'validation'] as const;

/**
 * A page's code and the texts it shows, loaded at the same time, for React.lazy: the page then
 * renders translated at once instead of fetching its texts only after its code has arrived.
 */
export function withNamespaces<T>(namespaces: readonly string[], load: Promise<T>): Promise<T> {
  return Promise.all([load, i18n.loadNamespaces([...namespaces])]).then(([module]) => module);
}

export const startLanguage = initialLanguage();
if (inBrowser) {
  document.documentElement.lang = startLanguage;
  // The server sends the prerendered public pages in this language from the next visit on.
  rememberLanguageForServer(startLanguage);
}

/** Settles once the startup texts (common, public) of the start language have loaded, or failed to. */
export const startupTextsLoaded: Promise<unknown> = i18n
  .use(lazyTranslations)
  .use(initReactI18next)
  .init({
    lng: startLanguage,
    // No fallback language: it would download English texts for every Bangla reader. The locale
    // tests make sure both languages have every key.
    fallbackLng: false,
    supportedLngs: LANGUAGES.map((language) => language.code),
    ns: STARTUP_NAMESPACES,
    defaultNS: 'common',
    interpolation: {
      escapeValue: false,
      // Every number put into a text ({{count}} and the like) is written in the reader's digits.
      alwaysFormat: true,
      // Other values pass through as they are (a missing one stays undefined for i18next to report).
      format: (value: unknown, _format, language) => (typeof value === 'number' ? formatNumber(value, formattingLocale(language ?? 'en')) : (value as string)),
    },
    showSupportNotice: false,
    // A component whose texts are still loading suspends (the nearest Suspense shows a spinner)
    // rather than flashing translation keys. A language switch swaps texts only once they are loaded.
    react: { useSuspense: true },
  });

export default i18n;
