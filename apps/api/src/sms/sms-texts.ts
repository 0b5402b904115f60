import type { Language } from '@poisha/contracts';

/**
 * The SMS the server sends, in the reader's language. Short: one SMS segment in English. The code
 * keeps Latin digits in both languages, as people type it into the app either way.
 */
export const smsTexts = {
  phoneCode(language: Language, { code, minutes }: { code: string; minutes: number }): string {
    return language === 'bn'
      ? `পয়সা কোড: ${code}। ${minutes} মিনিট কাজ করবে। কাউকে বলবেন না; পয়সা কখনো এটি চাইবে না।`
      : `Poisha code: ${code}. It works for ${minutes} minutes. Tell no one; Poisha never asks for it.`;
  },

  /** The code that, with the password, sets a new payment PIN (decision 0042). */
  paymentPinResetCode(language: Language, { code, minutes }: { code: string; minutes: number }): string {
    return language === 'bn'
      ? `পয়সা পিন রিসেট কোড: ${code}। ${minutes} মিনিট কাজ করবে। আপনি না চাইলে পাসওয়ার্ড বদলান।`
      : `Poisha PIN reset code: ${code}. It works for ${minutes} minutes. Not you? Change your password.`;
  },
};
