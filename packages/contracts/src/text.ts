import { z } from 'zod';

/**
 * The one rule for text that another person reads: names (sign-up, profile, favourites, account
 * holders), notes and payment references. Such text must look like what it is: a name made of
 * zero-width spaces or Hangul fillers shows as nothing, and a right-to-left override (U+202E)
 * shows "evil‮gnp.exe" as "evilexe.png". Decision 0034.
 */

export const textMessages = {
  invisible: 'Remove the invisible or direction-changing characters',
  noLetter: 'Write at least one letter',
} as const;

/** Joiners that Bangla (and emoji) need between two visible characters: র‍্য, ক্‌ষ. */
const JOINERS = new Set(['\u200c', '\u200d']);
/** What a joiner may stand between: letters, combining marks (the Bangla hasanta), pictographs. */
const JOINABLE = /[\p{L}\p{M}\p{Extended_Pictographic}]/u;
/**
 * Characters that show nothing, change the direction of what follows, or are no character:
 * controls, format characters (bidi controls, zero-width spaces, word joiners, tags), private-use,
 * surrogates, and the letters and symbols that draw as blank (Hangul
 * fillers, the Braille blank, the Khmer inherent vowels, ...): every default-ignorable code point.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}\u2800\u115f\u1160\u3164\uffa0]/u;
/** Variation selectors are default-ignorable, but an emoji's own one (❤️) is visible and harmless. */
const VARIATION_SELECTOR = /[\ufe00-\ufe0f]/u;

/** Text as stored and compared: NFC, every run of spaces (of any kind) one space, trimmed. */
export function normaliseText(text: string): string {
  // Not \s: it counts U+FEFF (a byte-order mark, hidden) as a space.
  return text.normalize('NFC').replace(/[\p{Zs}\t\n\v\f\r\u2028\u2029]+/gu, ' ').replace(/^ | $/g, '');
}

/** True when the text holds a character that is hidden or bends the direction of the text around it. */
export function hasHiddenCharacters(text: string): boolean {
  const characters = [...text];
  return characters.some((character, index) => {
    if (!HIDDEN.test(character)) return false;
    const before = characters[index - 1] ?? '';
    const after = characters[index + 1] ?? '';
    if (JOINERS.has(character)) return !(JOINABLE.test(before) && JOINABLE.test(after));
    if (VARIATION_SELECTOR.test(character)) return !/\p{Extended_Pictographic}|[\p{N}#*]/u.test(before);
    return true;
  });
}

/** A letter of any script that draws as something (the Hangul fillers are "letters" that draw as nothing). */
export const hasLetter = (text: string) => [...text].some((character) => /\p{L}/u.test(character) && !HIDDEN.test(character));

interface ShownTextRule {
  required: string;
  tooLong: string;
  max: number;
  /** Names must contain a letter; notes and references need not ("2024-11 rent" is fine, "১২৩" too). */
  needsLetter?: boolean;
}

/**
 * A zod string for text shown to another person: normalised, then refused when empty, too long,
 * hidden-character-bearing, or (names) letterless. Length counts characters, not UTF-16 units.
 */
export function shownText({ required, tooLong, max, needsLetter = false }: ShownTextRule) {
  return z
    .string({ error: required })
    .transform(normaliseText)
    .pipe(
      z
        .string()
        .min(1, required)
        .refine((text) => [...text].length <= max, tooLong)
        .refine((text) => !hasHiddenCharacters(text), textMessages.invisible)
        .refine((text) => !needsLetter || text === '' || hasLetter(text), textMessages.noLetter),
    );
}

/** Optional text shown to another person (a request's note): the same rule, empty allowed. */
export function optionalShownText({ tooLong, max }: { tooLong: string; max: number }) {
  return z
    .string()
    .transform(normaliseText)
    .pipe(
      z
        .string()
        .refine((text) => [...text].length <= max, tooLong)
        .refine((text) => !hasHiddenCharacters(text), textMessages.invisible),
    );
}
