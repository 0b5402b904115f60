import { messages, outreachMessages } from '@poisha/contracts';
import { describe, expect, it } from 'vitest';
import bnContact from '../../locales/bn/contact.json';
import bnValidation from '../../locales/bn/validation.json';
import enContact from '../../locales/en/contact.json';

/** Every key path of a nested translation object, e.g. "form.name". */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('contact translations', () => {
  it('Bangla has every contact text that English has', () => {
    expect(keys(bnContact).sort()).toEqual(keys(enContact).sort());
  });

  it('Bangla translates every message the contact, GET LINK and review forms can show', () => {
    const translated = new Set(Object.keys(bnValidation));
    const shown = [messages.nameRequired, messages.nameTooLong, messages.emailRequired, messages.emailInvalid, ...Object.values(outreachMessages)];
    expect(shown.filter((message) => !translated.has(message))).toEqual([]);
  });
});
