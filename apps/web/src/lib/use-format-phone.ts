import { formatPhoneLocal } from '@poisha/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits } from './format';
import { formattingLocale } from './i18n';

export { localDigits };

/** A phone number as people here read it ("01712-345678"), with Bangla digits in Bangla. */
export function useFormatPhone() {
  const { i18n } = useTranslation();
  const locale = formattingLocale(i18n.language);
  return useCallback((e164: string) => localDigits(formatPhoneLocal(e164), locale), [locale]);
}

/** A number inside a sentence: its hyphen does not break the line (01712‑345678 stays whole on a phone). */
export const unbrokenPhone = (formatted: string) => formatted.replaceAll('-', '\u2011');
