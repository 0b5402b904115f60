/**
 * The page's only script at load. A prerendered public page (the server sends its HTML, see
 * scripts/prerender.ts) is readable and its links work without the app, so the app (React, the
 * router, the texts: about 150 kB gzipped) is loaded only when the visitor starts to use the page:
 * the first pointer, touch, key, wheel or scroll, or when a part that needs live data (the reviews)
 * comes near the screen. Until the app has taken over the page, what the visitor did on its
 * buttons and fields is kept and done again once it has (so no click or typed letter is lost).
 * Any other page (the dashboard, a page in the other language) starts the app at once.
 *
 * Keep its imports tiny: with the styles, it is the whole of the landing page's first download.
 */
import './index.css';
import { hasSessionCookie, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from './lib/language-preference';

const root = document.getElementById('root');
const prerenderedLanguage = root?.dataset.prerendered;

function preferredLanguage(): string {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored) return stored;
  } catch {
    // Storage can be unavailable: the cookie or the browser's languages decide, as on the server.
  }
  const cookie = document.cookie.split('; ').find((entry) => entry.startsWith(`${LANGUAGE_COOKIE}=`));
  if (cookie) return cookie.slice(LANGUAGE_COOKIE.length + 1);
  return navigator.languages.some((language) => language.toLowerCase().startsWith('bn')) ? 'bn' : 'en';
}

const signedIn = hasSessionCookie;

/** What the visitor did before the app took over, replayed in order once it has. */
type PendingAction = { kind: 'value'; field: HTMLInputElement | HTMLTextAreaElement; value: string } | { kind: 'click'; target: HTMLElement } | { kind: 'submit'; form: HTMLFormElement };
const pending: PendingAction[] = [];

function keepValue(event: Event) {
  const field = event.target;
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) pending.push({ kind: 'value', field, value: field.value });
}

function holdClick(event: MouseEvent) {
  // A link still works as a link (a page load); a button waits for the app, which owns what it does.
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"], input[type="submit"]') : null;
  // A button that opens a native popover (the public menu) works without the app: not held.
  if (!target || target.hasAttribute('popovertarget')) return;
  event.preventDefault();
  event.stopPropagation();
  pending.push({ kind: 'click', target });
}

function holdSubmit(event: SubmitEvent) {
  // Enter in a field submits its form; without the app that would reload the page with the field in the address.
  if (!(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  pending.push({ kind: 'submit', form: event.target });
}

/** Sets a field's value so that React sees the change (it tracks the value set through the prototype's setter). */
function replayValue(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function replay() {
  document.removeEventListener('input', keepValue, true);
  document.removeEventListener('click', holdClick, true);
  document.removeEventListener('submit', holdSubmit, true);
  // The last value of each field is the one that counts.
  const values = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  for (const action of pending) if (action.kind === 'value') values.set(action.field, action.value);
  for (const [field, value] of values) if (field.isConnected) replayValue(field, value);
  for (const action of pending) {
    if (action.kind === 'click' && action.target.isConnected) action.target.click();
    if (action.kind === 'submit' && action.form.isConnected) action.form.requestSubmit();
  }
}

/** Values typed into the page's fields before this script ran (a slow line gives seconds for it). */
function keepEarlyValues() {
  for (const field of root?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea') ?? []) {
    if (field.value !== field.defaultValue) pending.push({ kind: 'value', field, value: field.value });
  }
}

declare global {
  interface Window {
    /** Forms submitted before this script ran, held by index.html's inline script (apps/api/src/web/early-submit.ts). */
    poishaEarlySubmits?: { forms: EventTarget[]; stop: () => void };
  }
}

/** Takes over what index.html's inline script held: from now on holdSubmit keeps the submits. */
function takeEarlySubmits(): boolean {
  const early = window.poishaEarlySubmits;
  early?.stop();
  const forms = (early?.forms ?? []).filter((form): form is HTMLFormElement => form instanceof HTMLFormElement);
  for (const form of forms) pending.push({ kind: 'submit', form });
  return forms.length > 0;
}

const startEvents = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;
let started = false;
let observer: IntersectionObserver | null = null;

function startApp() {
  if (started) return;
  started = true;
  for (const type of startEvents) window.removeEventListener(type, startApp, { capture: true });
  observer?.disconnect();
  void import('./main').then(({ appReady }) => appReady).then(replay);
}

// Until the app is live no form is submitted by the browser (it would put the fields in the address
// or send them to a page path): what the visitor did is held, whichever way the app starts.
keepEarlyValues();
document.addEventListener('input', keepValue, true);
document.addEventListener('click', holdClick, true);
document.addEventListener('submit', holdSubmit, true);
const submittedEarly = takeEarlySubmits();

if (!root || !prerenderedLanguage || prerenderedLanguage !== preferredLanguage() || signedIn() || submittedEarly) {
  startApp();
} else {
  for (const type of startEvents) window.addEventListener(type, startApp, { capture: true, passive: true });
  const live = document.querySelectorAll('[data-live]');
  if (live.length > 0 && 'IntersectionObserver' in window) {
    observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) startApp();
    }, { rootMargin: '50% 0px' });
    for (const element of live) observer.observe(element);
  }
}
