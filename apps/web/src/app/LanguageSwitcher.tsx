import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type LanguageCode } from '../lib/i18n';
import { hasSessionCookie } from '../lib/language-preference';

/**
 * A signed-in user's mails follow the app's language: the choice is kept on the account too. The
 * client is loaded only then, so the landing page's first download does not grow.
 */
function rememberLanguageOnAccount(language: LanguageCode): void {
  if (!hasSessionCookie()) return;
  void import('../lib/api-client').then(({ apiRequest }) => apiRequest('/me', { method: 'PATCH', body: { language } })).catch(() => {
    // Not signed in after all, or offline: the mails keep the language chosen before.
  });
}

/** English / বাংলা: each name in its own language, the current one marked as pressed. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div role="group" aria-label={t('language.label')} className={`inline-flex rounded-lg border border-slate-300 bg-white p-0.5 ${className}`}>
      {LANGUAGES.map((language) => {
        const current = i18n.language === language.code;
        return (
          <button
            key={language.code}
            type="button"
            lang={language.code}
            aria-pressed={current}
            onClick={() => {
              changeLanguage(language.code);
              rememberLanguageOnAccount(language.code);
            }}
            className={`min-h-11 min-w-11 rounded-md px-2.5 text-sm font-medium transition-colors ${
              current ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            {language.name}
          </button>
        );
      })}
    </div>
  );
}
