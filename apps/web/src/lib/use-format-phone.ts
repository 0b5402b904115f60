import { formatPhoneLocal } from '@poisha/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formattingLocale } from './i18n';

/** Writes a string's Latin digits in the locale's own digits (০–৯ in Bangla), through Intl. */
export function localDigits(text: string, locale: string): string {
  const digits = new Intl.NumberFormat(locale, { useGrouping: false });
  return text.replace(/\d/g, (digit) => digits.format(Number(digit)));
}

/** A phone number as people here read it ("01712-345678"), with Bangla digits in Bangla. */
export function useFormatPhone() {
  const { i18n } = useTranslation();
  const locale = formattingLocale(i18n.language);
  return useCallback((e164: string) => localDigits(formatPhoneLocal(e164), locale), [locale]);
}
