import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '../../hooks/use-reduced-motion';

/**
 * Plain wordmarks drawn for Poisha (apps/web/public/partners), not the partners' own artwork: the
 * banks of the add-money form and the networks cards and PayPal top-ups go through. Each file is
 * 72 units tall; `width` is its width in those units, so the page can reserve the space.
 */
const partners = [
  { file: 'sonali-bank', name: 'Sonali Bank', width: 224 },
  { file: 'brac-bank', name: 'BRAC Bank', width: 201 },
  { file: 'dutch-bangla-bank', name: 'Dutch-Bangla Bank', width: 291 },
  { file: 'eastern-bank', name: 'Eastern Bank', width: 235 },
  { file: 'the-city-bank', name: 'The City Bank', width: 246 },
  { file: 'islami-bank-bangladesh', name: 'Islami Bank Bangladesh', width: 224 },
  { file: 'prime-bank', name: 'Prime Bank', width: 212 },
  { file: 'visa', name: 'Visa', width: 145 },
  { file: 'mastercard', name: 'Mastercard', width: 212 },
  { file: 'paypal', name: 'PayPal', width: 168 },
] as const;

const LOGO_HEIGHT_PX = 48;
/** Slow enough to read each name as it passes. */
const SPEED_PX_PER_SECOND = 40;

function LogoList({ copy, loading }: { copy: boolean; loading: 'lazy' | 'eager' }) {
  return (
    <ul aria-hidden={copy || undefined} className="flex shrink-0 items-center gap-4 pr-4 motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:pr-0">
      {partners.map((partner) => (
        <li key={partner.file} className="shrink-0 rounded-xl border border-slate-200 bg-white px-2 py-1.5 shadow-xs">
          <img
            src={`/partners/${partner.file}.svg`}
            alt={copy ? '' : partner.name}
            width={Math.round((partner.width * LOGO_HEIGHT_PX) / 72)}
            height={LOGO_HEIGHT_PX}
            loading={loading}
            decoding="async"
            draggable={false}
            className="block h-12 w-auto"
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The partner logos drift sideways in an endless loop. They stop while the pointer is over them or
 * they have keyboard focus, for good with the Pause button, and never move at all for people who
 * asked their system for reduced motion (then every logo is shown at once, wrapped in rows).
 */
export function PartnerSlider() {
  const { t } = useTranslation('public');
  const reduced = useReducedMotion();
  const [pausedByUser, setPausedByUser] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const animation = useRef<Animation | null>(null);
  const moving = !reduced && !pausedByUser && !hovered && !focused;
  const section = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);

  // Most logos sit outside the strip's visible width, where the browser's own lazy loading never
  // sees them come near. So they wait for the strip itself to come near, then all load at once.
  useEffect(() => {
    const element = section.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const loading = near ? 'eager' : 'lazy';

  useEffect(() => {
    const element = track.current;
    if (reduced || !element || typeof element.animate !== 'function') return;
    // The track holds the list twice; sliding by one copy's width (half) loops without a jump.
    const distance = element.scrollWidth / 2;
    const running = element.animate([{ transform: 'translateX(0)' }, { transform: 'translateX(-50%)' }], {
      duration: Math.max(10_000, (distance / SPEED_PX_PER_SECOND) * 1000),
      iterations: Infinity,
    });
    animation.current = running;
    return () => {
      running.cancel();
      animation.current = null;
    };
  }, [reduced]);

  // Runs after the effect above, also when that one has just made a new animation.
  useEffect(() => {
    if (moving) animation.current?.play();
    else animation.current?.pause();
  }, [moving, reduced]);

  return (
    <section ref={section} aria-labelledby="partners-title" className="border-y border-slate-200 bg-white py-10">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="partners-title" className="text-lg font-semibold text-slate-900">
            {t('home.partners.title')}
          </h2>
          {!reduced && (
            <button
              type="button"
              onClick={() => setPausedByUser((paused) => !paused)}
              aria-label={pausedByUser ? t('home.partners.playLabel') : t('home.partners.pauseLabel')}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:border-brand-700 hover:text-brand-800"
            >
              <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
                {pausedByUser ? <path d="M6 4.5v11l9-5.5z" /> : <path d="M5.5 4h3v12h-3zM11.5 4h3v12h-3z" />}
              </svg>
              {pausedByUser ? t('home.partners.play') : t('home.partners.pause')}
            </button>
          )}
        </div>
        <div
          role="region"
          aria-label={t('home.partners.list')}
          // Reachable with Tab: focus stops the logos, so they can be read at one's own pace.
          tabIndex={reduced ? undefined : 0}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          data-moving={moving}
          className="relative mt-6 overflow-hidden rounded-xl py-1 motion-safe:[mask-image:linear-gradient(to_right,transparent,#000_3rem,#000_calc(100%-3rem),transparent)]"
        >
          <div ref={track} className="flex w-max motion-reduce:w-auto">
            <LogoList copy={false} loading={loading} />
            {!reduced && <LogoList copy loading={loading} />}
          </div>
        </div>
      </div>
    </section>
  );
}
