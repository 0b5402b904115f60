/** How long a tab that paints no frames (a hidden one) waits before running the callback anyway. */
const HIDDEN_TAB_WAIT_MS = 1_000;

/**
 * Runs `callback` once, in a task of its own right after the next frame is painted: by then the
 * browser has laid the page out, so reading geometry costs nothing, and work done there does not
 * delay the paint. A hidden tab paints no frames: there it runs after a second anyway.
 */
export function whenPainted(callback: () => void): { cancel: () => void } {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  let afterPaint: ReturnType<typeof setTimeout> | undefined;
  // The frame callback runs before the next paint; a task queued from it runs after that paint.
  const frame = requestAnimationFrame(() => {
    afterPaint = setTimeout(run, 0);
  });
  const hiddenTab = setTimeout(run, HIDDEN_TAB_WAIT_MS);
  return {
    cancel: () => {
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(afterPaint);
      clearTimeout(hiddenTab);
    },
  };
}
