import { useEffect, useState, type ReactNode } from 'react';

/**
 * Shows `fallback` in the first frame and `children` from the next one on. For the parts of a
 * screen that download code or data of their own and are not what the screen is for (the
 * dashboard's panels, the bell): their downloads then start once the screen has painted, instead
 * of competing with it for the network before (docs/benchmarks.md, "Lighthouse"). A hidden tab
 * paints no frames: there they start when the tab is shown.
 */
export function AfterFirstPaint({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs before the next paint; a task queued from it runs after that paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted ? children : fallback;
}
