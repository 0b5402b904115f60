import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long "Copied!" or "Failed to copy!" stays on screen. */
const MESSAGE_MS = 2500;

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies `text` to the clipboard and says, briefly and to screen readers too, whether it worked. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('account');
  const [state, setState] = useState<CopyState>('idle');
  // A counter, so a second click restarts the timer even when the state stays "copied".
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [state, attempt]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    setAttempt((count) => count + 1);
  };

  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={label}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:border-brand-700 hover:text-brand-800"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-4">
          <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
          <path d="M15.5 8.5V6a1.5 1.5 0 0 0-1.5-1.5H6A1.5 1.5 0 0 0 4.5 6v8A1.5 1.5 0 0 0 6 15.5h2.5" />
        </svg>
        {t('strip.copy')}
      </button>
      <span role="status" className={`text-sm font-semibold ${state === 'failed' ? 'text-red-700' : 'text-brand-800'}`}>
        {state === 'copied' && t('strip.copied')}
        {state === 'failed' && t('strip.copyFailed')}
      </span>
    </span>
  );
}
