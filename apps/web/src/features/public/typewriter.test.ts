import { describe, expect, it } from 'vitest';
import { graphemes, nextTypewriterStep, TYPEWRITER_START, type TypewriterState } from './typewriter';

/** Runs the machine a number of steps and keeps every step: the wait and the state it leads to. */
function run(lengths: number[], steps: number): { state: TypewriterState; delayMs: number }[] {
  const trail: { state: TypewriterState; delayMs: number }[] = [];
  let state = TYPEWRITER_START;
  for (let index = 0; index < steps; index += 1) {
    const step = nextTypewriterStep(state, lengths);
    trail.push(step);
    state = step.state;
  }
  return trail;
}

describe('typed slogan', () => {
  it('types at 70 ms a letter, pauses 1000 ms, deletes at 50 ms a letter, then moves on', () => {
    const trail = run([3, 2], 3 + 1 + 3 + 1);
    expect(trail.map((step) => step.delayMs)).toEqual([70, 70, 70, 1000, 50, 50, 50, 70]);
    expect(trail.map((step) => step.state.shown)).toEqual([1, 2, 3, 3, 2, 1, 0, 0]);
    expect(trail.at(-1)?.state).toEqual({ phrase: 1, shown: 0, deleting: false });
  });

  it('goes back to the first phrase after the last', () => {
    const trail = run([1, 1], 2 * (1 + 1 + 1 + 1));
    expect(trail.at(-1)?.state.phrase).toBe(0);
  });

  it('counts a Bangla consonant with its vowel sign as one letter', () => {
    expect(graphemes('কি টাকা')).toEqual(['কি', ' ', 'টা', 'কা']);
  });
});
