/**
 * The typed slogan of the About Us page as a small state machine, kept apart from React so its
 * timing can be tested without a browser. Phrases are split into graphemes (what a reader sees as
 * one letter), so a Bangla vowel sign is never typed apart from its consonant.
 */

export const TYPEWRITER_TIMING = { typeMs: 70, deleteMs: 50, pauseMs: 1000 } as const;

export interface TypewriterState {
  /** Which phrase is on screen. */
  phrase: number;
  /** How many of its graphemes are shown. */
  shown: number;
  deleting: boolean;
}

export const TYPEWRITER_START: TypewriterState = { phrase: 0, shown: 0, deleting: false };

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

export function graphemes(text: string): string[] {
  return segmenter ? Array.from(segmenter.segment(text), (part) => part.segment) : Array.from(text);
}

/**
 * The next state and how long to wait before showing it: one more letter after 70 ms while typing,
 * a 1000 ms pause on the whole phrase, one letter fewer after 50 ms while deleting, then the next
 * phrase (after the last one, the first again).
 */
export function nextTypewriterStep(
  state: TypewriterState,
  lengths: readonly number[],
  timing: typeof TYPEWRITER_TIMING = TYPEWRITER_TIMING,
): { state: TypewriterState; delayMs: number } {
  const length = lengths[state.phrase] ?? 0;
  if (!state.deleting) {
    if (state.shown < length) return { state: { ...state, shown: state.shown + 1 }, delayMs: timing.typeMs };
    return { state: { ...state, deleting: true }, delayMs: timing.pauseMs };
  }
  if (state.shown > 0) return { state: { ...state, shown: state.shown - 1 }, delayMs: timing.deleteMs };
  const phrase = lengths.length === 0 ? 0 : (state.phrase + 1) % lengths.length;
  return { state: { phrase, shown: 0, deleting: false }, delayMs: timing.typeMs };
}
