import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../../../lib/use-hydrated';
import { useReducedMotion } from '../../hooks/use-reduced-motion';
import { graphemes, nextTypewriterStep, TYPEWRITER_START } from '../../typewriter';


/**
 * Types each phrase (70 ms a letter), holds it (1000 ms), deletes it (50 ms a letter) and goes on
 * to the next. Screen readers get the whole current phrase from a hidden, silent copy; the moving
 * letters are hidden from them. With reduced motion the first phrase stands still, complete, and so
 * it does in the prerendered page, read before any script runs.
 */
function Typewriter({ prefix, lines, pauseLabel }: { prefix: string; lines: string; pauseLabel: string }) {
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const phrases = useMemo(() => lines.split('\n').filter(Boolean), [lines]);
  const letters = useMemo(() => phrases.map(graphemes), [phrases]);
  const lengths = useMemo(() => letters.map((phrase) => phrase.length), [letters]);
  const [state, setState] = useState(TYPEWRITER_START);
  const running = useHydrated();
  const still = reduced || letters.length === 0 || !running;

  useEffect(() => {
    if (still || paused) return;
    const step = nextTypewriterStep(state, lengths);
    const timer = window.setTimeout(() => setState(step.state), step.delayMs);
    return () => window.clearTimeout(timer);
  }, [state, lengths, still, paused]);

  const phrase = still ? 0 : state.phrase;
  const full = phrases[phrase] ?? '';
  // A paused slogan shows its whole phrase: half a word is no use to anyone.
  const typed = still || paused ? full : (letters[phrase] ?? []).slice(0, state.shown).join('');

  return (
    <div className="mt-6 flex flex-wrap items-start gap-x-4 gap-y-2">
      {/* A moving slogan needs the app: boot.ts loads it when this comes near the screen. */}
      <p data-live className="min-h-[3lh] min-w-0 flex-1 text-xl font-semibold text-slate-800 sm:min-h-[2lh] sm:text-2xl lg:min-h-[1lh]" data-testid="slogan">
        <span className="text-brand-700">{prefix}</span>{' '}
        <span className="sr-only" aria-live="off">
          {full}
        </span>
        <span aria-hidden="true" data-slogan-typed="">
          {typed}
        </span>
        {!still && (
          <span aria-hidden="true" className={`ml-0.5 inline-block w-0.5 translate-y-1 bg-brand-700 ${paused ? 'opacity-0' : ''}`} style={{ height: '1.1em' }} />
        )}
      </p>
      {!still && (
        <button
          type="button"
          onClick={() => setPaused((now) => !now)}
          aria-pressed={paused}
          aria-label={pauseLabel}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:border-brand-700 hover:text-brand-800"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
            {paused ? <path d="M6 4.5v11l9-5.5z" /> : <path d="M5.5 4h3v12h-3zM11.5 4h3v12h-3z" />}
          </svg>
        </button>
      )}
    </div>
  );
}

export function TypedSlogan() {
  const { t, i18n } = useTranslation('public');
  const slogans = t('about.slogans', { returnObjects: true });
  // One string, so the phrases compare equal from one render to the next.
  const lines = Array.isArray(slogans) ? slogans.filter((item): item is string => typeof item === 'string').join('\n') : '';
  // A new language starts the slogan over, from its first phrase.
  return <Typewriter key={i18n.language} prefix={t('about.sloganPrefix')} lines={lines} pauseLabel={t('about.pauseSlogan')} />;
}
