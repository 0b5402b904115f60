import i18n, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import bnAuth from '../locales/bn/auth.json';
import bnCommon from '../locales/bn/common.json';
import bnDashboard from '../locales/bn/dashboard.json';
import bnPublic from '../locales/bn/public.json';
import bnValidation from '../locales/bn/validation.json';
import bnAccount from '../locales/bn/account.json';
import bnStatement from '../locales/bn/statement.json';
import bnTransfers from '../locales/bn/transfers.json';
import bnDeposits from '../locales/bn/deposits.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enDashboard from '../locales/en/dashboard.json';
import enPublic from '../locales/en/public.json';
import enValidation from '../locales/en/validation.json';
import enAccount from '../locales/en/account.json';
import enStatement from '../locales/en/statement.json';
import enTransfers from '../locales/en/transfers.json';
import enDeposits from '../locales/en/deposits.json';

export const LANGUAGES = [
  { code: 'en', name: 'English', locale: 'en-US' },
  { code: 'bn', name: 'বাংলা', locale: 'bn-BD' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'poisha.language';

const isLanguage = (value: unknown): value is LanguageCode => LANGUAGES.some((language) => language.code === value);

function initialLanguage(): LanguageCode {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
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

export function changeLanguage(language: LanguageCode): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // The choice then lasts for this visit only.
  }
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
  document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources: {
    en: { common: enCommon, auth: enAuth, dashboard: enDashboard, public: enPublic, validation: enValidation, transfers: enTransfers, statement: enStatement, account: enAccount, deposits: enDeposits },
    bn: { common: bnCommon, auth: bnAuth, dashboard: bnDashboard, public: bnPublic, validation: bnValidation, transfers: bnTransfers, statement: bnStatement, account: bnAccount, deposits: bnDeposits },
  },
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES.map((language) => language.code),
  ns: ['common', 'auth', 'dashboard', 'public', 'validation', 'transfers', 'statement', 'account', 'deposits'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});
document.documentElement.lang = i18n.language;

export default i18n;
