import { messages, outreachMessages } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import bnValidation from '../../locales/bn/validation.json';

// That Bangla has every contact text English has is checked with every namespace in src/locales/locales.test.ts.

describe('contact translations', () => {
  it('Bangla translates every message the contact, GET LINK and review forms can show', () => {
    const translated = new Set(Object.keys(bnValidation));
    const shown = [messages.nameRequired, messages.nameTooLong, messages.emailRequired, messages.emailInvalid, ...Object.values(outreachMessages)];
    expect(shown.filter((message) => !translated.has(message))).toEqual([]);
  });
});
