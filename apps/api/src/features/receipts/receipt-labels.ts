import type { Receipt } from '@poisha/contracts';

export type ReceiptLanguage = 'en' | 'bn';

/** The receipt's words in both languages (the web app's own texts live in its locale files). */
export const receiptLabels = {
  en: {
    brand: 'Poisha',
    title: 'Receipt',
    direction: { out: 'Money sent', in: 'Money received', added: 'Money added' },
    type: { transfer: 'Transfer', welcome_bonus: 'Welcome bonus', bank_deposit: 'Bank deposit', card_deposit: 'Card deposit', paypal_deposit: 'PayPal deposit' },
    date: 'Date and time',
    kind: 'Type',
    to: 'To',
    from: 'From',
    reference: 'Reference',
    transaction: 'Transaction ID',
    wallet: 'Wallet',
    balanceAfter: 'Balance after',
    verifyTitle: 'Check this receipt',
    verifyBody: 'Scan the QR code or open the address below and enter the code. Poisha answers whether this receipt matches its ledger.',
    code: 'Code',
    issued: 'Issued',
    ledgerHash: 'Ledger hash',
  },
  bn: {
    brand: 'পয়সা',
    title: 'রসিদ',
    direction: { out: 'টাকা পাঠানো', in: 'টাকা পাওয়া', added: 'টাকা যোগ' },
    type: { transfer: 'ট্রান্সফার', welcome_bonus: 'স্বাগত বোনাস', bank_deposit: 'ব্যাংক ডিপোজিট', card_deposit: 'কার্ড ডিপোজিট', paypal_deposit: 'পেপাল ডিপোজিট' },
    date: 'তারিখ ও সময়',
    kind: 'ধরন',
    to: 'প্রাপক',
    from: 'প্রেরক',
    reference: 'রেফারেন্স',
    transaction: 'লেনদেন আইডি',
    wallet: 'ওয়ালেট',
    balanceAfter: 'পরের ব্যালেন্স',
    verifyTitle: 'এই রসিদ যাচাই করুন',
    verifyBody: 'কিউআর কোডটি স্ক্যান করুন বা নিচের ঠিকানায় গিয়ে কোডটি লিখুন। রসিদটি পয়সার লেজারের সঙ্গে মেলে কি না তা পয়সা জানাবে।',
    code: 'কোড',
    issued: 'দেওয়া হয়েছে',
    ledgerHash: 'লেজার হ্যাশ',
  },
} as const;

/** Sent, received from a person, or added (deposits and the bonus come from no person). */
export const receiptDirection = (receipt: Pick<Receipt, 'direction' | 'type'>) =>
  receipt.direction === 'out' ? 'out' : receipt.type === 'transfer' ? 'in' : 'added';
