import { useTranslation } from 'react-i18next';

/**
 * The first stop of the Tab key: straight to the page content, past the navigation. Tailwind's
 * not-sr-only resets the padding, so the focused link sets it again (a 44 px target at least).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-brand-800 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-3"
    >
      {t('skipToContent')}
    </a>
  );
}
