import type { Language } from '@poisha/contracts';

/**
 * Every mail the product sends to a person, in English and Bangla (issue 24, defect 15). A user's
 * mails are in `users.language` (the app's language at sign-up, then the last one chosen); a
 * visitor's (the app link, the contact confirmation) in the language of the page they used.
 * Mails to the support inbox stay in English: they are for staff.
 */
export interface MailText {
  subject: string;
  text: string;
}

const lines = (...parts: string[]) => parts.join('\n');

/**
 * A moment as people in Bangladesh read it, in Bangladesh time whatever the server's zone:
 * "28 November 2026, 3:04 pm" / "২৮ নভেম্বর, ২০২৬, ৩:০৪ দুপুর".
 */
export function dhakaDateTime(language: Language, atMs: number): string {
  const format = (locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Dhaka', ...options }).format(atMs);
  return language === 'bn'
    ? `${format('bn-BD', { dateStyle: 'long' })}, ${format('bn-BD', { hour: 'numeric', minute: '2-digit', dayPeriod: 'short' })}`
    : `${format('en-GB', { dateStyle: 'long' })}, ${format('en-GB', { hour: 'numeric', minute: '2-digit', hour12: true })}`;
}

/** "Chrome on Android", "Unknown browser on Windows", "Unknown browser": what the user agent plainly said (core/session/user-agent.ts). */
export function browserOnDevice(language: Language, { browser, device }: { browser: string | null; device: string | null }): string {
  if (language === 'bn') {
    const name = browser ?? 'অজানা ব্রাউজার';
    return device ? `${device}-এ ${name}` : name;
  }
  const name = browser ?? 'Unknown browser';
  return device ? `${name} on ${device}` : name;
}

export const mailTexts = {
  verifyEmail: (language: Language, { name, link }: { name: string; link: string }): MailText =>
    language === 'bn'
      ? {
          subject: 'পয়সায় আপনার ই-মেইল ঠিকানা যাচাই করুন',
          text: lines(
            `প্রিয় ${name},`,
            '',
            '৭ দিনের মধ্যে এই লিংকটি খুলে আপনার ই-মেইল ঠিকানা যাচাই করুন। যাচাই করার সঙ্গে সঙ্গে ১,০০০ মার্কিন ডলারের',
            'স্বাগত বোনাস আপনার ওয়ালেটে জমা হবে:',
            '',
            link,
            '',
            'আপনি পয়সায় নিবন্ধন না করে থাকলে এই মেইলটি উপেক্ষা করুন।',
          ),
        }
      : {
          subject: 'Verify your e-mail address for Poisha',
          text: lines(
            `Hello ${name},`,
            '',
            'Open this link within 7 days to verify your e-mail address. Your 1,000 USD welcome bonus is',
            'credited to your wallet as soon as you do:',
            '',
            link,
            '',
            'If you did not sign up for Poisha, ignore this mail.',
          ),
        },

  resetPassword: (language: Language, { name, link }: { name: string; link: string }): MailText =>
    language === 'bn'
      ? {
          subject: 'আপনার পয়সা পাসওয়ার্ড রিসেট করুন',
          text: lines(
            `প্রিয় ${name},`,
            '',
            'কেউ আপনার পয়সা অ্যাকাউন্টের পাসওয়ার্ড রিসেট করতে চেয়েছেন। আপনি চেয়ে থাকলে ৩০ মিনিটের মধ্যে এই লিংকটি খুলে',
            'নতুন পাসওয়ার্ড বেছে নিন:',
            '',
            link,
            '',
            'আপনি না চেয়ে থাকলে এই মেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড যেমন আছে তেমনই থাকবে।',
          ),
        }
      : {
          subject: 'Reset your Poisha password',
          text: lines(
            `Hello ${name},`,
            '',
            'Someone asked to reset the password of your Poisha account. If it was you, open this link',
            'within 30 minutes to choose a new password:',
            '',
            link,
            '',
            'If it was not you, ignore this mail: your password stays as it is.',
          ),
        },

  confirmNewEmail: (language: Language, { name, link }: { name: string; link: string }): MailText =>
    language === 'bn'
      ? {
          subject: 'আপনার নতুন পয়সা ই-মেইল ঠিকানা নিশ্চিত করুন',
          text: lines(
            `প্রিয় ${name},`,
            '',
            'আপনার পয়সা অ্যাকাউন্টে এই ঠিকানা ব্যবহার করতে ২৪ ঘণ্টার মধ্যে এই লিংকটি খুলুন:',
            '',
            link,
            '',
            'আপনি এটি না চেয়ে থাকলে এই মেইলটি উপেক্ষা করুন: কিছুই বদলাবে না।',
          ),
        }
      : {
          subject: 'Confirm your new Poisha email address',
          text: lines(
            `Hello ${name},`,
            '',
            'Open this link within 24 hours to use this address for your Poisha account:',
            '',
            link,
            '',
            'If you did not ask for this, ignore this mail: nothing changes.',
          ),
        },

  emailChanged: (language: Language, { name, newEmail }: { name: string; newEmail: string }): MailText =>
    language === 'bn'
      ? {
          subject: 'আপনার পয়সা ই-মেইল ঠিকানা বদলানো হয়েছে',
          text: lines(
            `প্রিয় ${name},`,
            '',
            `আপনার পয়সা অ্যাকাউন্ট এখন ${newEmail} ব্যবহার করছে। এখন থেকে সাইন ইন ও মেইল ওই ঠিকানায় যাবে।`,
            '',
            'এই পরিবর্তন আপনি না করে থাকলে এখনই পয়সা সহায়তার সঙ্গে যোগাযোগ করুন।',
          ),
        }
      : {
          subject: 'Your Poisha email address was changed',
          text: lines(
            `Hello ${name},`,
            '',
            `Your Poisha account now uses ${newEmail}. Sign-in and mail go to that address from now on.`,
            '',
            'If you did not make this change, contact Poisha support at once.',
          ),
        },

  passwordChanged: (language: Language, { name, resetUrl }: { name: string; resetUrl: string }): MailText =>
    language === 'bn'
      ? {
          subject: 'আপনার পয়সা পাসওয়ার্ড বদলানো হয়েছে',
          text: lines(
            `প্রিয় ${name},`,
            '',
            'আপনার পয়সা অ্যাকাউন্টের পাসওয়ার্ড এইমাত্র বদলানো হয়েছে, আর অন্য সব ডিভাইস থেকে সাইন আউট করা হয়েছে।',
            '',
            `এটি আপনি না করে থাকলে ${resetUrl} ঠিকানায় পাসওয়ার্ড রিসেট করুন এবং সহায়তার সঙ্গে যোগাযোগ করুন।`,
          ),
        }
      : {
          subject: 'Your Poisha password was changed',
          text: lines(
            `Hello ${name},`,
            '',
            'The password of your Poisha account was just changed, and every other device was signed out.',
            '',
            `If you did not do this, reset your password at ${resetUrl} and contact support.`,
          ),
        },

  accountClosed: (language: Language, { name }: { name: string }): MailText =>
    language === 'bn'
      ? {
          subject: 'আপনার পয়সা অ্যাকাউন্ট বন্ধ করা হয়েছে',
          text: lines(
            `প্রিয় ${name},`,
            '',
            'আপনার পয়সা অ্যাকাউন্ট বন্ধ করা হয়েছে। এটি দিয়ে আর সাইন ইন করা যাবে না; আপনার স্টেটমেন্ট সংরক্ষিত থাকবে।',
            '',
            'এটি আপনি না করে থাকলে এখনই পয়সা সহায়তার সঙ্গে যোগাযোগ করুন।',
          ),
        }
      : {
          subject: 'Your Poisha account is closed',
          text: lines(
            `Hello ${name},`,
            '',
            'Your Poisha account is closed. You can no longer sign in with it; your statements stay on record.',
            '',
            'If you did not do this, contact Poisha support at once.',
          ),
        },

  ticketAnswered: (language: Language, { name, subject, message, link }: { name: string; subject: string; message: string; link: string }): MailText =>
    language === 'bn'
      ? { subject: `সহায়তা দল আপনার টিকিটের উত্তর দিয়েছে: ${subject}`, text: lines(`প্রিয় ${name},`, '', message, '', `পুরো কথোপকথন পড়ুন ও উত্তর দিন: ${link}`) }
      : { subject: `Support answered your ticket: ${subject}`, text: lines(`Hello ${name},`, '', message, '', `Read the whole conversation and reply: ${link}`) },

  /** In our words only: anyone can type any address into the contact form (see contact.service). */
  contactReceived: (language: Language): MailText =>
    language === 'bn'
      ? {
          subject: 'আমরা আপনার বার্তা পেয়েছি',
          text: lines(
            'শুভেচ্ছা,',
            '',
            'পয়সায় লেখার জন্য ধন্যবাদ। আমাদের ওয়েবসাইটের যোগাযোগ ফর্মে আপনার বার্তা আমরা পেয়েছি এবং এই ঠিকানায় উত্তর দেব।',
            '',
            'আপনি আমাদের না লিখে থাকলে এই মেইলটি উপেক্ষা করুন।',
          ),
        }
      : {
          subject: 'We received your message',
          text: lines(
            'Hello,',
            '',
            'Thank you for writing to Poisha. We received your message through the contact form on our website and will answer at this address.',
            '',
            'If you did not write to us, ignore this mail.',
          ),
        },

  appLink: (language: Language, { link }: { link: string }): MailText =>
    language === 'bn'
      ? {
          subject: 'পয়সার লিংক',
          text: lines(
            'শুভেচ্ছা,',
            '',
            'এই হলো পয়সার লিংক, নিরাপদে টাকা পাঠানো ও রাখার ওয়ালেট। আপনার ফোনে এটি খুলুন:',
            '',
            link,
            '',
            'আপনি আমাদের ওয়েবসাইটে এই লিংকটি চেয়েছিলেন। আপনি না চেয়ে থাকলে এই মেইলটি উপেক্ষা করুন।',
          ),
        }
      : {
          subject: 'Your link to Poisha',
          text: lines(
            'Hello,',
            '',
            'Here is the link to Poisha, the wallet for sending and keeping money safely. Open it on your phone:',
            '',
            link,
            '',
            'You asked for this link on our website. If it was not you, ignore this mail.',
          ),
        },
  /** The code stays in Western digits in both languages: it is typed as it is read, on any keyboard. */
  signInCode: (language: Language, { name, code }: { name: string; code: string }): MailText =>
    language === 'bn'
      ? {
          subject: `${code} আপনার পয়সা সাইন-ইন কোড`,
          text: lines(
            `প্রিয় ${name},`,
            '',
            'কেউ একটি কোড দিয়ে আপনার পয়সা অ্যাকাউন্টে সাইন ইন করতে চেয়েছেন। আপনি চেয়ে থাকলে ১০ মিনিটের মধ্যে',
            'সাইন-ইন পাতায় এই কোডটি লিখুন:',
            '',
            `    ${code}`,
            '',
            'আপনি না চেয়ে থাকলে এই মেইলটি উপেক্ষা করুন এবং কোডটি কাউকে দেবেন না: এই কোড এবং আপনার পাসওয়ার্ড ছাড়া',
            'কেউ সাইন ইন করতে পারবে না। পয়সা কখনো আপনার কাছে এই কোড চাইবে না।',
          ),
        }
      : {
          subject: `${code} is your Poisha sign-in code`,
          text: lines(
            `Hello ${name},`,
            '',
            'Someone asked to sign in to your Poisha account with a code. If it was you, enter this code',
            'on the sign-in page within 10 minutes:',
            '',
            `    ${code}`,
            '',
            'If it was not you, ignore this mail and do not give the code to anyone: without it, and',
            'without your password, nobody can sign in. Poisha will never ask you for this code.',
          ),
        },

  /** Three wrong payment PINs in a row: payments are blocked, and the owner should know someone may be guessing. */
  paymentPinBlocked: (language: Language, { name, hours }: { name: string; hours: number }): MailText =>
    language === 'bn'
      ? {
          subject: 'ভুল পিনের কারণে আপনার পয়সা পেমেন্ট বন্ধ',
          text: lines(
            `প্রিয় ${name},`,
            '',
            `পরপর ৩ বার ভুল পেমেন্ট পিন দেওয়া হয়েছে, তাই আপনার ওয়ালেট থেকে পেমেন্ট ${hours === 1 ? '১ ঘণ্টা' : '২৪ ঘণ্টা'} বন্ধ থাকবে।`,
            'সাইন ইন এবং টাকা গ্রহণ আগের মতোই চলবে।',
            '',
            'আপনি পিন ভুলে গিয়ে থাকলে সেটিংসে পাসওয়ার্ড এবং ফোনে পাঠানো কোড দিয়ে নতুন পিন সেট করুন; তখনই পেমেন্ট আবার চালু হবে।',
            'আপনি না হয়ে থাকলে কেউ আপনার অ্যাকাউন্ট ব্যবহার করছে: এখনই পাসওয়ার্ড বদলান এবং পিন রিসেট করুন।',
          ),
        }
      : {
          subject: 'Payments from your Poisha wallet are blocked after wrong PINs',
          text: lines(
            `Hello ${name},`,
            '',
            `The wrong payment PIN was typed 3 times in a row, so payments from your wallet are blocked for ${hours === 1 ? '1 hour' : `${hours} hours`}.`,
            'Signing in and receiving money work as before.',
            '',
            'If you forgot your PIN, set a new one in Settings with your password and a code sent to your phone:',
            'payments work again at once. If it was not you, someone is using your account: change your',
            'password and reset your PIN now.',
          ),
        },

  /** Two-step sign-in turned on or off: the owner hears of a change to how the account is guarded. */
  twoStepChanged: (language: Language, { name, on }: { name: string; on: boolean }): MailText =>
    language === 'bn'
      ? {
          subject: on ? 'আপনার পয়সা অ্যাকাউন্টে দুই ধাপে সাইন ইন চালু হয়েছে' : 'আপনার পয়সা অ্যাকাউন্টে দুই ধাপে সাইন ইন বন্ধ হয়েছে',
          text: lines(
            `প্রিয় ${name},`,
            '',
            on
              ? 'আপনার অ্যাকাউন্টে দুই ধাপে সাইন ইন চালু হয়েছে: এখন থেকে পাসওয়ার্ডের পরে অথেনটিকেটর অ্যাপের একটি কোড চাওয়া হবে।'
              : 'আপনার অ্যাকাউন্টে দুই ধাপে সাইন ইন বন্ধ হয়েছে: এখন থেকে শুধু পাসওয়ার্ড দিয়েই সাইন ইন করা যাবে।',
            '',
            'আপনি এটি না করে থাকলে এখনই পাসওয়ার্ড বদলান এবং সহায়তায় যোগাযোগ করুন।',
          ),
        }
      : {
          subject: on ? 'Two-step sign-in is on for your Poisha account' : 'Two-step sign-in is off for your Poisha account',
          text: lines(
            `Hello ${name},`,
            '',
            on
              ? 'Two-step sign-in was turned on for your account: from now on we ask for a code from your authenticator app after your password.'
              : 'Two-step sign-in was turned off for your account: from now on your password alone signs you in.',
            '',
            'If this was not you, change your password now and contact support.',
          ),
        },

  /** A passkey added to or removed from the account (decision 0045): a passkey signs in and pays. */
  passkeyChanged: (language: Language, { name, added, passkeyName }: { name: string; added: boolean; passkeyName: string }): MailText =>
    language === 'bn'
      ? {
          subject: added ? 'আপনার পয়সা অ্যাকাউন্টে একটি পাসকি যোগ হয়েছে' : 'আপনার পয়সা অ্যাকাউন্ট থেকে একটি পাসকি সরানো হয়েছে',
          text: lines(
            `প্রিয় ${name},`,
            '',
            added
              ? `আপনার অ্যাকাউন্টে "${passkeyName}" পাসকি যোগ হয়েছে: এটি দিয়ে পাসওয়ার্ড ছাড়াই সাইন ইন করা যায় এবং পিনের বদলে পেমেন্ট অনুমোদন করা যায়।`
              : `আপনার অ্যাকাউন্ট থেকে "${passkeyName}" পাসকি সরানো হয়েছে: এটি দিয়ে আর সাইন ইন বা পেমেন্ট করা যাবে না।`,
            '',
            'আপনি এটি না করে থাকলে এখনই পাসওয়ার্ড বদলান, সেটিংস থেকে অচেনা পাসকি সরান এবং সহায়তায় যোগাযোগ করুন।',
          ),
        }
      : {
          subject: added ? 'A passkey was added to your Poisha account' : 'A passkey was removed from your Poisha account',
          text: lines(
            `Hello ${name},`,
            '',
            added
              ? `The passkey "${passkeyName}" was added to your account: it signs you in without your password and approves payments instead of your PIN.`
              : `The passkey "${passkeyName}" was removed from your account: it no longer signs in or approves payments.`,
            '',
            'If this was not you, change your password now, remove any passkey you do not know in Settings, and contact support.',
          ),
        },

  /**
   * A sign-in from a browser the account had not seen (decision 0043): when, what, from where, and
   * a link that signs that session out without a sign-in (single use, it dies with the session).
   */
  newDeviceSignIn: (
    language: Language,
    { name, atMs, browser, device, ip, link }: { name: string; atMs: number; browser: string | null; device: string | null; ip: string | null; link: string },
  ): MailText =>
    language === 'bn'
      ? {
          subject: 'নতুন একটি ডিভাইস থেকে আপনার পয়সা অ্যাকাউন্টে সাইন ইন',
          text: lines(
            `প্রিয় ${name},`,
            '',
            'এমন একটি ডিভাইস থেকে আপনার পয়সা অ্যাকাউন্টে সাইন ইন করা হয়েছে, যেখান থেকে আগে কখনো করা হয়নি:',
            '',
            `    সময়: ${dhakaDateTime('bn', atMs)} (বাংলাদেশ সময়)`,
            `    ব্রাউজার: ${browserOnDevice('bn', { browser, device })}`,
            `    আইপি ঠিকানা: ${ip ?? 'অজানা'}`,
            '',
            'আপনি হলে কিছু করার দরকার নেই।',
            '',
            'আপনি না হলে এই লিংকটি খুলে ওই ডিভাইসটিকে সাইন আউট করুন (লিংকটি একবারই কাজ করে), তারপর সেটিংসে',
            'আপনার পাসওয়ার্ড বদলান:',
            '',
            link,
          ),
        }
      : {
          subject: 'New sign-in to your Poisha account',
          text: lines(
            `Hello ${name},`,
            '',
            'Your Poisha account was just signed in to from a device it had not been used on before:',
            '',
            `    Time: ${dhakaDateTime('en', atMs)} (Bangladesh time)`,
            `    Browser: ${browserOnDevice('en', { browser, device })}`,
            `    IP address: ${ip ?? 'unknown'}`,
            '',
            'If it was you, there is nothing to do.',
            '',
            'If it was not you, open this link to sign that device out (the link works once), then change',
            'your password in Settings:',
            '',
            link,
          ),
        },
};
