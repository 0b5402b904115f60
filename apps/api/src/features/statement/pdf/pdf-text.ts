import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { woffToSfnt } from './woff.js';

/**
 * Noto Sans Bengali from @fontsource: each script is its own file (a Bengali subset and a Latin
 * one, which covers digits, punctuation, dashes and bullets). The production image has no system
 * fonts, so the PDF embeds these; text is cut into runs of one script and each run gets its file.
 */
const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('@fontsource/noto-sans-bengali/package.json')), 'files');
const fontFile = (subset: 'bengali' | 'latin', weight: 400 | 700) => woffToSfnt(fs.readFileSync(path.join(fontDir, `noto-sans-bengali-${subset}-${weight}-normal.woff`)));

export type Weight = 'regular' | 'bold';

export const FONTS = {
  'bengali-regular': fontFile('bengali', 400),
  'bengali-bold': fontFile('bengali', 700),
  'latin-regular': fontFile('latin', 400),
  'latin-bold': fontFile('latin', 700),
} as const;

/** The four fonts, unwrapped from WOFF when the module loads (see woffToSfnt). */
/** What the drawing code needs from a PDF document: fonts, measuring and placing text. */
export interface TextSurface {
  font(name: string): this;
  fontSize(size: number): this;
  widthOfString(text: string): number;
  text(text: string, x: number, y: number, options: { lineBreak: false }): this;
}

/** Bengali letters, signs, danda and the joiners that shape them go to the Bengali file. */
const BENGALI = /[\u0980-\u09FF\u0964\u0965\u25CC]|\u200C|\u200D/u;

export interface Run {
  script: 'bengali' | 'latin';
  text: string;
}

/**
 * Splits text into maximal runs of one script. Both files have the space, so a space joins the run
 * it follows ("রহিম উদ্দিন" is one run): every run is a separate drawing operation.
 */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const script = char === ' ' && last ? last.script : BENGALI.test(char) ? 'bengali' : 'latin';
    if (last?.script === script) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}

const fontOf = (script: Run['script'], weight: Weight) => `${script}-${weight}`;

export function widthOf(doc: TextSurface, text: string, size: number, weight: Weight = 'regular'): number {
  doc.fontSize(size);
  let width = 0;
  for (const run of scriptRuns(text)) width += doc.font(fontOf(run.script, weight)).widthOfString(run.text);
  return width;
}

const graphemes = new Intl.Segmenter('bn', { granularity: 'grapheme' });

/**
 * The text, shortened with an ellipsis to fit the width. Cuts fall between grapheme clusters, so
 * a Bengali conjunct is never split from its vowel sign.
 */
export function fitText(doc: TextSurface, text: string, width: number, size: number, weight: Weight = 'regular'): { text: string; width: number } {
  const whole = widthOf(doc, text, size, weight);
  if (whole <= width) return { text, width: whole };
  const clusters = Array.from(graphemes.segment(text), (part) => part.segment);
  let low = 0;
  let high = clusters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (widthOf(doc, `${clusters.slice(0, middle).join('').trimEnd()}…`, size, weight) <= width) low = middle;
    else high = middle - 1;
  }
  const fitted = `${clusters.slice(0, low).join('').trimEnd()}…`;
  return { text: fitted, width: widthOf(doc, fitted, size, weight) };
}

export interface DrawOptions {
  size: number;
  weight?: Weight;
  /** The box the text must fit in; longer text ends with an ellipsis. */
  width: number;
  align?: 'left' | 'right';
}

/** Draws one line of text in mixed scripts at (x, y), fitted to the width. */
export function drawText(doc: TextSurface, text: string, x: number, y: number, { size, weight = 'regular', width, align = 'left' }: DrawOptions): void {
  const fitted = fitText(doc, text, width, size, weight);
  let cursor = align === 'right' ? x + width - fitted.width : x;
  doc.fontSize(size);
  for (const run of scriptRuns(fitted.text)) {
    doc.font(fontOf(run.script, weight)).text(run.text, cursor, y, { lineBreak: false });
    cursor += doc.widthOfString(run.text);
  }
}
