/**
 * What a PDF writes in the reader's language beyond its words: digits, times of day, and the names
 * the system itself gives to movements (the welcome bonus). Bangla reads ০–৯ and a time of day
 * as a word before the time ("সকাল ১০:৩০"); CLDR's Bangla has "AM"/"PM", so it is not used for it.
 */
export type PdfLanguage = 'en' | 'bn';

const BANGLA_ZERO = 0x09e6;

/** "INV-2024" → "INV-২০২৪" in Bangla; unchanged in English. */
export const localDigits = (text: string, language: PdfLanguage) =>
  language === 'bn' ? text.replace(/[0-9]/g, (digit) => String.fromCharCode(BANGLA_ZERO + Number(digit))) : text;

const LOCALES: Record<PdfLanguage, string> = { en: 'en-US', bn: 'bn-BD' };

/** The Intl locale a PDF's numbers and dates are written in. */
export const pdfLocale = (language: PdfLanguage) => LOCALES[language];

/**
 * Date, time and date-and-time formatters in Bangladesh time. In Bangla the time carries the part
 * of the day (ভোর, সকাল, দুপুর, বিকাল, সন্ধ্যা, রাত্রি) in front, as people say it, never "AM".
 */
export function dhakaFormats(language: PdfLanguage) {
  const locale = LOCALES[language];
  const date = new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Dhaka', dateStyle: 'medium' });
  const englishTime = new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Dhaka', timeStyle: 'short' });
  const banglaTime = new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Dhaka', hour: 'numeric', minute: '2-digit', dayPeriod: 'short' });
  const time = (instant: Date): string => {
    if (language === 'en') return englishTime.format(instant);
    const parts = banglaTime.formatToParts(instant);
    const period = parts.find((part) => part.type === 'dayPeriod')?.value ?? '';
    const clock = parts
      .filter((part) => part.type !== 'dayPeriod')
      .map((part) => part.value)
      .join('')
      .trim();
    return localDigits(period ? `${period} ${clock}` : clock, language);
  };
  return {
    date: (instant: number | string) => date.format(new Date(instant)),
    time: (instant: number | string) => time(new Date(instant)),
    dateTime: (instant: number | string) => `${date.format(new Date(instant))}, ${time(new Date(instant))}`,
  };
}

/** The welcome bonus's counterparty is the system itself, named in the reader's language. */
const WELCOME_BONUS_NAME: Record<PdfLanguage, string> = { en: 'Poisha welcome bonus', bn: 'পয়সা স্বাগত বোনাস' };

/**
 * A counterparty's name for the page: the welcome bonus's translated; a bank's or card's masked
 * number ("BRAC Bank •••• 5678") with the reader's digits; a person's name as they wrote it.
 */
export function counterpartyName(name: string, kind: string, language: PdfLanguage): string {
  if (kind === 'welcome_bonus') return WELCOME_BONUS_NAME[language];
  return kind === 'transfer' ? name : localDigits(name, language);
}
