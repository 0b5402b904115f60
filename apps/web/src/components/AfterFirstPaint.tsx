import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { whenPainted } from '../lib/when-painted';

/**
 * Shows `fallback` in the first frame and `children` from the next one on. For the parts of a
 * screen that download code or data of their own and are not what the screen is for (the
 * dashboard's panels, the bell): their downloads then start once the screen has painted, instead
 * of competing with it for the network before (docs/benchmarks.md, "Lighthouse"). A hidden tab
 * paints no frames: there they start after a second anyway.
 */
export function AfterFirstPaint({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // As a transition React renders the children in slices of a few milliseconds: set from a timer
    // it would render them all in one task (the dashboard's panels: long tasks of 140-370 ms on
    // Lighthouse's slowed-down phone, after the first paint, where they count as blocking time).
    const afterPaint = whenPainted(() => startTransition(() => setPainted(true)));
    return afterPaint.cancel;
  }, []);
  return painted ? children : fallback;
}
