import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { BoundedCache, registerFonts, scriptRuns, type FONTS } from './pdf-text.js';

interface Encoded {
  glyphs: string[];
  positions: Array<Record<string, number>>;
}

/** pdfkit's own layout of a text in one of the fonts (what `text()` would draw). */
function encoder(name: keyof typeof FONTS) {
  const doc = new PDFDocument({ autoFirstPage: false, fontLayoutCache: false });
  registerFonts(doc);
  const font = (doc.font(name) as unknown as { _font: { encode(text: string): [string[], Array<Record<string, number>>] } })._font;
  return (text: string): Encoded => {
    const [glyphs, positions] = font.encode(text);
    return { glyphs, positions: positions.map((position) => ({ ...position })) };
  };
}

const bengaliDigits = (text: string) => text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));

describe('PDF text', () => {
  it('cuts text into runs of one script, a space staying with the run before it', () => {
    expect(scriptRuns('+১২,৩৪৫.৬৭ US$')).toEqual([
      { script: 'latin', text: '+' },
      { script: 'bengali', text: '১২' },
      { script: 'latin', text: ',' },
      { script: 'bengali', text: '৩৪৫' },
      { script: 'latin', text: '.' },
      { script: 'bengali', text: '৬৭ ' },
      { script: 'latin', text: 'US$' },
    ]);
  });

  // drawText puts a word of Bengali digits together from its digits instead of shaping it: that
  // holds only while the font neither substitutes, moves nor kerns digits. Every group of one to
  // three digits (a statement's amounts are made of them), with and without its space, both weights.
  it.each(['bengali-regular', 'bengali-bold'] as const)('shapes Bengali digits one by one as the font shapes them together (%s)', (name) => {
    const encode = encoder(name);
    const one = new Map<string, Encoded>();
    const single = (char: string) => one.get(char) ?? one.set(char, encode(char)).get(char)!;
    for (let width = 1; width <= 3; width += 1) {
      for (let value = 0; value < 10 ** width; value += 1) {
        for (const word of [bengaliDigits(String(value).padStart(width, '0')), `${bengaliDigits(String(value).padStart(width, '0'))} `]) {
          const parts = Array.from(word, single);
          expect({ glyphs: parts.flatMap((part) => part.glyphs), positions: parts.flatMap((part) => part.positions) }, word).toEqual(encode(word));
        }
      }
    }
  });

  it('keeps a bounded number of layouts, the ones in use surviving', () => {
    const cache = new BoundedCache<number>(100);
    for (let index = 0; index < 10_000; index += 1) {
      cache.set(`word ${index}`, index);
      if (index % 10 === 0) cache.set('kept', -1);
      expect(cache.get('kept') ?? -1).toBe(-1);
      expect(cache.size).toBeLessThanOrEqual(200);
    }
    expect(cache.get('word 9999')).toBe(9999);
    expect(cache.get('word 0')).toBeUndefined();
  });
});
