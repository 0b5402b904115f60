import { centsToDecimal, formatPhoneLocal, type StatementLanguage, type TransferKind } from '@poisha/contracts';
import { counterpartyName, dhakaFormats, localDigits, pdfLocale } from '../../../core/pdf/pdf-locale.js';

/** The words of a PDF statement in each language the app speaks (the web app's own wording). */
const WORDS = {
  en: {
    brand: 'Poisha',
    title: 'Account statement',
    name: 'Name',
    walletNumber: 'Wallet number',
    walletId: 'Wallet ID',
    period: 'Period',
    generated: 'Generated',
    opening: 'Opening balance',
    moneyIn: 'Money in',
    moneyOut: 'Money out',
    closing: 'Closing balance',
    entries: (count: number, formatted: string) => (count === 1 ? `${formatted} transaction` : `${formatted} transactions`),
    columns: { date: 'Date', details: 'Counterparty', reference: 'Reference', amount: 'Amount', balance: 'Balance after' },
    noEntries: 'No transactions in this period.',
    noReference: '—',
    timeZone: 'Times are Bangladesh time (Asia/Dhaka).',
    page: (page: string, count: string) => `Page ${page} of ${count}`,
    verify: 'Check this statement',
    verifyCode: (code: string) => `Code ${code}`,
    types: {
      welcome_bonus: 'Welcome bonus',
      transfer: 'Transfer',
      bank_deposit: 'Bank deposit',
      card_deposit: 'Card deposit',
      paypal_deposit: 'PayPal top-up',
    } satisfies Record<TransferKind, string>,
  },
  bn: {
    brand: 'পয়সা',
    title: 'অ্যাকাউন্ট বিবরণী',
    name: 'নাম',
    walletNumber: 'ওয়ালেট নম্বর',
    walletId: 'ওয়ালেট আইডি',
    period: 'সময়কাল',
    generated: 'তৈরি হয়েছে',
    opening: 'শুরুর ব্যালেন্স',
    moneyIn: 'এসেছে',
    moneyOut: 'গেছে',
    closing: 'শেষের ব্যালেন্স',
    entries: (_count: number, formatted: string) => `${formatted}টি লেনদেন`,
    columns: { date: 'তারিখ', details: 'কার সাথে', reference: 'রেফারেন্স', amount: 'পরিমাণ', balance: 'পরের ব্যালেন্স' },
    noEntries: 'এই সময়কালে কোনো লেনদেন নেই।',
    noReference: '—',
    timeZone: 'সময় বাংলাদেশ সময় অনুযায়ী (Asia/Dhaka)।',
    page: (page: string, count: string) => `পাতা ${page} / ${count}`,
    verify: 'এই বিবরণী যাচাই করুন',
    verifyCode: (code: string) => `কোড ${code}`,
    types: {
      welcome_bonus: 'স্বাগত বোনাস',
      transfer: 'ট্রান্সফার',
      bank_deposit: 'ব্যাংক থেকে জমা',
      card_deposit: 'কার্ডে জমা',
      paypal_deposit: 'পেপ্যাল টপ-আপ',
    } satisfies Record<TransferKind, string>,
  },
} as const;

export type StatementWords = (typeof WORDS)[StatementLanguage];

/** Words and number, money, date and phone formats of one language; formatters are built once. */
export function statementFormat(language: StatementLanguage) {
  const locale = pdfLocale(language);
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'auto' });
  const signedMoney = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  const integer = new Intl.NumberFormat(locale);
  // Bangla times read "সকাল ১০:৩০", not "১০:৩০ AM" (core/pdf/pdf-locale.ts).
  const dhaka = dhakaFormats(language);
  // Intl formats the exact decimal string: no binary fraction between the cents and the page.
  const exact = (cents: number) => centsToDecimal(cents) as Intl.StringNumericLiteral;
  const digits = (text: string) => localDigits(text, language);
  return {
    words: WORDS[language],
    money: (cents: number) => money.format(exact(cents)),
    signedMoney: (cents: number) => signedMoney.format(exact(cents)),
    integer: (value: number) => integer.format(value),
    date: dhaka.date,
    time: dhaka.time,
    dateTime: dhaka.dateTime,
    counterparty: (name: string, kind: TransferKind) => counterpartyName(name, kind, language),
    phone: (e164: string) => digits(formatPhoneLocal(e164)),
    digits,
  };
}

export type StatementFormat = ReturnType<typeof statementFormat>;
