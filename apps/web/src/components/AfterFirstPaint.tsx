import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** How long a tab that paints no frames (a hidden one) waits before showing the children anyway. */
const HIDDEN_TAB_WAIT_MS = 1_000;

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
    const show = () => startTransition(() => setPainted(true));
    let afterPaint: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs before the next paint; a task queued from it runs after that paint.
    const frame = requestAnimationFrame(() => {
      afterPaint = setTimeout(show, 0);
    });
    const hiddenTab = setTimeout(show, HIDDEN_TAB_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterPaint);
      clearTimeout(hiddenTab);
    };
  }, []);
  return painted ? children : fallback;
}
