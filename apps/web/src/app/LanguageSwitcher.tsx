import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '../lib/i18n';

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
            onClick={() => changeLanguage(language.code)}
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
