import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { woffToSfnt } from './woff.js';

/**
 * The text of Poisha's PDFs (statements and receipts): Noto Sans Bengali from @fontsource, whose
 * package splits each weight by script into a Bengali file and a Latin one (digits, punctuation,
 * US$, dashes, bullets). The production image has no system fonts, so the PDF embeds these; text
 * is cut into runs of one script and each run gets its file.
 *
 * Drawing (decision 0020): a Bangla row is some twenty runs (digits are Bengali, the comma, point
 * and US$ are Latin), and pdfkit's `text()` lays out each run five times (measure, fit, place,
 * encode, advance), wraps each in its own BT…ET and keeps every distinct word it ever laid out.
 * Here a run is laid out once, kept in a bounded cache, and a whole line is one BT…ET with a Tf
 * per run, written with the operators pdfkit's own `text()` writes.
 */
const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('@fontsource/noto-sans-bengali/package.json')), 'files');
const fontFile = (subset: 'bengali' | 'latin', weight: 400 | 700) => woffToSfnt(fs.readFileSync(path.join(fontDir, `noto-sans-bengali-${subset}-${weight}-normal.woff`)));

export type Weight = 'regular' | 'bold';

/** The four fonts, unwrapped from WOFF when the module loads (see woffToSfnt). */
export const FONTS = {
  'bengali-regular': fontFile('bengali', 400),
  'bengali-bold': fontFile('bengali', 700),
  'latin-regular': fontFile('latin', 400),
  'latin-bold': fontFile('latin', 700),
} as const;

type FontName = keyof typeof FONTS;
type Doc = PDFKit.PDFDocument;

/**
 * Options every Poisha PDF is made with: pdfkit's own layout cache keeps every distinct word of
 * the document (a year's balances), so it is off; this module's bounded cache replaces it.
 */
export const PDF_TEXT_OPTIONS = { fontLayoutCache: false } as const;

/** Registers the four fonts under the names this module draws with. */
export function registerFonts(doc: Doc): void {
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
}

/** Bengali letters, signs, danda and the joiners that shape them go to the Bengali file. */
const BENGALI = /[\u0980-\u09FF\u0964\u0965\u25CC]|\u200C|\u200D/u;

export interface Run {
  script: 'bengali' | 'latin';
  text: string;
}

/**
 * Splits text into maximal runs of one script. Both files have the space, so a space joins the run
 * it follows ("রহিম উদ্দিন" is one run).
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

/** What pdfkit's embedded font gives for a text: glyph ids (4 hex digits) and positions, in 1/1000 em. */
interface GlyphPosition {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}
interface EmbeddedFont {
  id: string;
  ascender: number;
  encode(text: string): [string[], GlyphPosition[]];
  ref(): unknown;
}
/** The parts of pdfkit's document this module writes through (pdfkit 0.20's `_fragment` does the same). */
interface DocInternals {
  _font: EmbeddedFont;
  page: { height: number; fonts: Record<string, unknown> };
}

/** A run laid out in one font of one document: its glyphs (already in that document's subset). */
interface Shaped {
  font: EmbeddedFont;
  glyphs: string[];
  positions: GlyphPosition[];
  /** Sum of the advances, in 1/1000 em. */
  advance: number;
}

/** A line of text as runs, ready to measure and draw. */
interface Line {
  runs: Shaped[];
  advance: number;
}

/**
 * A cache that stays bounded: new entries go to a young map; when it is full the old one is
 * dropped and the young one becomes old. A hit in the old map moves the entry back to the young
 * one, so what keeps being used stays and the rest goes within two generations.
 */
export class BoundedCache<T> {
  private young = new Map<string, T>();
  private old = new Map<string, T>();
  constructor(private readonly limit: number) {}

  get(key: string): T | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const aged = this.old.get(key);
    if (aged !== undefined) this.set(key, aged);
    return aged;
  }

  get size(): number {
    return this.young.size + this.old.size;
  }

  set(key: string, value: T): T {
    if (this.young.size >= this.limit) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
    return value;
  }
}

/**
 * Layouts per document, each cache bounded (a year's statement has a distinct balance on every
 * row). Words are what is shaped, as pdfkit shapes them (a word ends after its space); Bengali
 * shaping is the slow part, and its words (dates, names, kinds) repeat, so they stay while used.
 */
const LIMITS = { words: 8_192, runs: 1_024, lines: 512 };
interface DocText {
  fonts: Map<FontName, EmbeddedFont>;
  words: BoundedCache<Shaped>;
  runs: BoundedCache<Shaped>;
  lines: BoundedCache<Line>;
}
const perDocument = new WeakMap<Doc, DocText>();

function textOf(doc: Doc): DocText {
  let state = perDocument.get(doc);
  if (!state) {
    state = { fonts: new Map(), words: new BoundedCache(LIMITS.words), runs: new BoundedCache(LIMITS.runs), lines: new BoundedCache(LIMITS.lines) };
    perDocument.set(doc, state);
  }
  return state;
}

function embedded(doc: Doc, state: DocText, name: FontName): EmbeddedFont {
  let font = state.fonts.get(name);
  if (!font) {
    font = (doc.font(name) as unknown as DocInternals)._font;
    state.fonts.set(name, font);
  }
  return font;
}

/**
 * Bengali digits (and the space after them) come out of shaping as they went in: one glyph each,
 * no substitution, no offset, no kerning between them (pdf-text.unit.test.ts checks every group of
 * up to three digits against fontkit). A word of them is put together from its digits, each shaped
 * once, instead of going through the Indic shaper: a year's amounts are some 1,100 such words.
 */
const BENGALI_DIGITS = /^[\u09E6-\u09EF]{2,}[ \t]?$/u;

function joinShaped(font: EmbeddedFont, parts: Shaped[]): Shaped {
  return {
    font,
    glyphs: parts.flatMap((part) => part.glyphs),
    positions: parts.flatMap((part) => part.positions),
    advance: parts.reduce((sum, part) => sum + part.advance, 0),
  };
}

function shapeWord(doc: Doc, state: DocText, name: FontName, word: string): Shaped {
  const key = `${name}\u0000${word}`;
  const cached = state.words.get(key);
  if (cached) return cached;
  if (BENGALI_DIGITS.test(word)) {
    return state.words.set(key, joinShaped(embedded(doc, state, name), Array.from(word, (digit) => shapeWord(doc, state, name, digit))));
  }
  const font = embedded(doc, state, name);
  const [glyphs, positions] = font.encode(word);
  let advance = 0;
  for (const position of positions) advance += position.xAdvance;
  return state.words.set(key, { font, glyphs, positions, advance });
}

/** One run: its words (each ending after its space) shaped and put together. */
function shapeRun(doc: Doc, state: DocText, name: FontName, text: string): Shaped {
  const key = `${name}\u0000${text}`;
  const cached = state.runs.get(key);
  if (cached) return cached;
  const words = text.match(/[^ \t]*(?:[ \t]|$)/g)!.filter((word) => word.length > 0).map((word) => shapeWord(doc, state, name, word));
  return state.runs.set(key, words.length === 1 ? words[0]! : joinShaped(embedded(doc, state, name), words));
}

function layOut(doc: Doc, text: string, weight: Weight): Line {
  const state = textOf(doc);
  const key = `${weight}\u0000${text}`;
  const cached = state.lines.get(key);
  if (cached) return cached;
  const runs = scriptRuns(text).map((run) => shapeRun(doc, state, `${run.script}-${weight}`, run.text));
  return state.lines.set(key, { runs, advance: runs.reduce((sum, run) => sum + run.advance, 0) });
}

/** The width of one line of text in mixed scripts, in points. */
export function widthOf(doc: Doc, text: string, size: number, weight: Weight = 'regular'): number {
  return (layOut(doc, text, weight).advance * size) / 1000;
}

const graphemes = new Intl.Segmenter('bn', { granularity: 'grapheme' });

/**
 * The text, shortened with an ellipsis to fit the width. Cuts fall between grapheme clusters, so
 * a Bengali conjunct is never split from its vowel sign.
 */
export function fitText(doc: Doc, text: string, width: number, size: number, weight: Weight = 'regular'): { text: string; width: number } {
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
  /** The box the text must fit in; longer text ends with an ellipsis. Without one, nothing is cut. */
  width?: number | undefined;
  /** Right alignment is to the box's right edge (it needs a width). */
  align?: 'left' | 'right' | undefined;
}

/** As pdfkit writes numbers into content streams (points, not money): six decimals at most. */
const number = (value: number) => {
  const scaled = value * 1e6;
  return Math.round(scaled) / 1e6;
};

/**
 * Draws one line of text in mixed scripts with its top at (x, y), fitted to the width if given, in the
 * current fill colour. The glyphs and positions are pdfkit's own (its font's `encode`, with GPOS
 * offsets for Bengali marks); the operators are the ones its `text()` writes, one BT…ET per line.
 */
export function drawText(doc: Doc, text: string, x: number, y: number, { size, weight = 'regular', width, align = 'left' }: DrawOptions): void {
  const fitted = width === undefined ? { text, width: widthOf(doc, text, size, weight) } : fitText(doc, text, width, size, weight);
  const line = layOut(doc, fitted.text, weight);
  if (line.runs.length === 0) return;
  const internals = doc as unknown as DocInternals;
  const { page } = internals;
  const scale = size / 1000;
  let cursor = align === 'right' ? x + (width ?? 0) - fitted.width : x;
  doc.save();
  doc.transform(1, 0, 0, -1, 0, page.height);
  doc.addContent('BT');
  for (const run of line.runs) {
    page.fonts[run.font.id] ??= run.font.ref();
    const baseline = page.height - y - run.font.ascender * scale;
    doc.addContent(`/${run.font.id} ${number(size)} Tf`);
    doc.addContent(`1 0 0 1 ${number(cursor)} ${number(baseline)} Tm`);
    writeGlyphs(doc, run, cursor, baseline, scale);
    cursor += run.advance * scale;
  }
  doc.addContent('ET');
  doc.restore();
}

/** pdfkit 0.20's `_fragment` loop: TJ segments, adjustments where advances differ, Tm for offset marks. */
function writeGlyphs(doc: Doc, run: Shaped, x: number, y: number, scale: number): void {
  const { glyphs, positions } = run;
  const commands: string[] = [];
  let last = 0;
  let hadOffset = false;
  const addSegment = (current: number) => {
    if (last < current) {
      const position = positions[current - 1]!;
      commands.push(`<${glyphs.slice(last, current).join('')}> ${number(-(position.xAdvance - position.advanceWidth))}`);
    }
    last = current;
  };
  const flush = (index: number) => {
    addSegment(index);
    if (commands.length > 0) {
      doc.addContent(`[${commands.join(' ')}] TJ`);
      commands.length = 0;
    }
  };
  let index = 0;
  for (; index < positions.length; index += 1) {
    const position = positions[index]!;
    if (position.xOffset || position.yOffset) {
      flush(index);
      doc.addContent(`1 0 0 1 ${number(x + position.xOffset * scale)} ${number(y + position.yOffset * scale)} Tm`);
      flush(index + 1);
      hadOffset = true;
    } else {
      if (hadOffset) {
        doc.addContent(`1 0 0 1 ${number(x)} ${number(y)} Tm`);
        hadOffset = false;
      }
      if (position.xAdvance - position.advanceWidth !== 0) addSegment(index + 1);
    }
    x += position.xAdvance * scale;
  }
  flush(index);
}
