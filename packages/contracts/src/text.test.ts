import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFavouriteRequestSchema } from './favourites.js';
import { nameSchema } from './fields.js';
import { createMoneyRequestSchema } from './money-requests.js';
import { hasHiddenCharacters, normaliseText, shownText, textMessages } from './text.js';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

/** Characters that draw as nothing or turn the text around them (issue 24, defect 6). */
const HIDDEN_CHARACTERS = [
  '\u200b', // zero-width space
  '\u200e', // left-to-right mark
  '\u200f', // right-to-left mark
  '\u202a', '\u202b', '\u202c', '\u202d', '\u202e', // embeddings and overrides
  '\u2066', '\u2067', '\u2068', '\u2069', // isolates
  '\u2060', // word joiner
  '\ufeff', // byte-order mark
  '\u00ad', // soft hyphen
  '\u061c', // Arabic letter mark
  '\u3164', '\u115f', '\u1160', '\uffa0', // Hangul fillers
  '\u2800', // Braille blank
  '\u180e', // Mongolian vowel separator
  '\u{e0041}', // tag letter
  '\u0007', '\u001b', '\u007f', // controls
];

describe('text another person reads (issue 24, defect 6)', () => {
  it('refuses names made only of invisible characters', () => {
    for (const name of ['\u200b\u200b\u200b', '\u3164\u3164', '\u3164', '\u115f\u1160', '\uffa0', '\u2800\u2800']) {
      expect(nameSchema.safeParse(name).success, JSON.stringify(name)).toBe(false);
    }
  });

  it('refuses every hidden or direction-changing character inside a real name', () => {
    for (const hidden of HIDDEN_CHARACTERS) {
      const result = nameSchema.safeParse(`Farhana${hidden}Akter`);
      expect(firstMessage(result), JSON.stringify(hidden)).toBe(textMessages.invisible);
    }
    expect(firstMessage(nameSchema.safeParse('Rahim \u202egnp.exe'))).toBe(textMessages.invisible);
  });

  it('refuses names without a letter', () => {
    for (const name of ['1234', '...', '😀😀', '— —', '১২৩']) expect(firstMessage(nameSchema.safeParse(name)), name).toBe(textMessages.noLetter);
  });

  it('keeps real names of every script, Bangla joiners included, normalised to NFC', () => {
    expect(nameSchema.parse('  Farhana   Akter ')).toBe('Farhana Akter');
    expect(nameSchema.parse('ফারহানা আক্তার')).toBe('ফারহানা আক্তার');
    // র‍্যাব: the zero-width joiner between র and the hasanta is how Bangla writes the ya-phala.
    expect(nameSchema.parse('র\u200d্যাব')).toBe('র\u200d্যাব');
    expect(nameSchema.parse('ক্\u200cষ')).toBe('ক্\u200cষ');
    expect(nameSchema.parse("O'Brien-Núñez")).toBe("O'Brien-Núñez");
    expect(nameSchema.parse('Jose\u0301')).toBe('José'); // decomposed é becomes one character
    expect(nameSchema.parse('Zoë\u00a0Kim')).toBe('Zoë Kim'); // no-break space is a space
  });

  it('applies the same rule to favourites and to the note of a money request', () => {
    const favourite = { name: 'Rahim', phone: '01712345678', origin: 'School' };
    expect(createFavouriteRequestSchema.safeParse(favourite).success).toBe(true);
    expect(firstMessage(createFavouriteRequestSchema.safeParse({ ...favourite, name: '\u3164' }))).toBe(textMessages.invisible);
    expect(firstMessage(createFavouriteRequestSchema.safeParse({ ...favourite, origin: 'work\u202e' }))).toBe(textMessages.invisible);
    const request = { from: '01712345678', amount: 100 };
    expect(createMoneyRequestSchema.parse({ ...request, note: ' lunch  🍛 ' }).note).toBe('lunch 🍛');
    expect(createMoneyRequestSchema.parse(request).note).toBe('');
    expect(firstMessage(createMoneyRequestSchema.safeParse({ ...request, note: 'rent\u202e01' }))).toBe(textMessages.invisible);
  });

  it('never lets a hidden character through, wherever it is put in any text (property)', () => {
    const schema = shownText({ required: 'required', tooLong: 'too long', max: 200 });
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.constantFrom(...HIDDEN_CHARACTERS), fc.string({ maxLength: 40 }), (before, hidden, after) => {
        const result = schema.safeParse(`${before}${hidden}${after}`);
        // Either refused, or the hidden character was a space the normalisation removed (none here).
        expect(result.success).toBe(false);
      }),
    );
  });

  it('accepts what it produces: a normalised, accepted text is accepted again unchanged (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        const result = nameSchema.safeParse(text);
        if (!result.success) return;
        expect(normaliseText(result.data)).toBe(result.data);
        expect(hasHiddenCharacters(result.data)).toBe(false);
        expect(nameSchema.parse(result.data)).toBe(result.data);
      }),
    );
  });
});
