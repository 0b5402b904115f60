import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits } from './format';
import { formattingLocale } from './i18n';

/** localDigits in the current language: a reference "2024" reads ২০২৪ in Bangla. */
export function useLocalDigits() {
  const { i18n } = useTranslation();
  const locale = formattingLocale(i18n.language);
  return useCallback((text: string) => localDigits(text, locale), [locale]);
}
