import type { Money } from '@poisha/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './format';
import { formattingLocale } from './i18n';

/** Formats money exactly to the cent in the reader's language ("$1,500.00", Bangla digits in Bangla). */
export function useFormatMoney() {
  const { i18n } = useTranslation();
  const locale = formattingLocale(i18n.language);
  return useCallback((money: Money) => formatMoney(money.amount, money.currency, locale), [locale]);
}
