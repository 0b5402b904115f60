import { useEffect } from 'react';
import { CheckCircleIcon } from './icons';

/** How long a confirmation stays on screen, as in the old product's toasts. */
const TOAST_MS = 5000;

/**
 * A short confirmation at the bottom of the screen ("successfully new Account added"). It is a
 * polite live region, so screen readers announce it, and it goes away by itself.
 */
export function Toast({ message, onDone }: { message: string | null; onDone: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(onDone, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [message, onDone]);

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {message && (
        <p className="pointer-events-auto flex max-w-md items-center gap-2 rounded-xl bg-slate-900 px-4 py-3 text-sm font-semibold text-white shadow-lg">
          <CheckCircleIcon className="size-5 shrink-0 text-emerald-300" />
          {message}
        </p>
      )}
    </div>
  );
}
