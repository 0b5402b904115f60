import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { ArrowRightIcon, CloseIcon, LogoutIcon, MenuIcon } from '../../components/ui/icons';
import { LoadingScreen, Spinner } from '../../components/ui/Spinner';
import { currentYear } from '../../lib/format';
import { formattingLocale } from '../../lib/i18n';
import { whenPainted } from '../../lib/when-painted';
import { useSignOut } from '../../features/auth';
import { useMe } from '../../session';
import { navGroups, tabItems } from '../dashboard/navigation';
import { NotificationBellSlot } from '../dashboard/panels';
import { TopBar } from '../dashboard/TopBar';
import { UserBadge } from '../dashboard/UserBadge';
import { Brand } from '../Brand';
import { LanguageSwitcher } from '../LanguageSwitcher';
import { SkipLink } from './SkipLink';

function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('dashboard');
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  // On a short screen (1366 × 768) the list scrolls: a cue at its foot says more items are below.
  const [moreBelow, setMoreBelow] = useState(false);
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const update = () => setMoreBelow(nav.scrollTop + nav.clientHeight < nav.scrollHeight - 4);
    // Geometry is read once the frame is painted, when the layout is already done: read during the
    // first render's effects it forced a layout of the whole page on its own (124 ms of main thread
    // on a 4x slower CPU, the dashboard's longest task).
    const afterPaint = whenPainted(() => {
      // The current page's item is in sight, even when it is low in a long list.
      nav.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest' });
      update();
    });
    nav.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(nav);
    return () => {
      afterPaint.cancel();
      nav.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, [pathname]);
  const item = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors ${
      isActive ? 'bg-brand-700 text-white shadow-sm' : 'text-slate-700 hover:bg-brand-50 hover:text-brand-800'
    }`;
  return (
    <nav ref={navRef} aria-label={t('nav.label')} className="flex-1 scroll-pb-12 overflow-y-auto overscroll-contain px-3 py-2">
      {navGroups.map(({ headingKey, items }) => (
        <div key={headingKey ?? 'main'} className={headingKey ? 'mt-3 border-t border-slate-100 pt-3' : undefined}>
          {headingKey && <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{t(headingKey)}</p>}
          <ul className="space-y-0.5">
            {items.map(({ to, labelKey, icon: Icon, end }) => (
              <li key={to}>
                <NavLink to={to} end={end} onClick={onNavigate} className={item}>
                  <Icon className="size-5 shrink-0" />
                  <span className="min-w-0">{t(labelKey)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {moreBelow && (
        // Held at the foot of the scrolling list (sticky, taking no room), over its last visible items.
        <div aria-hidden="true" className="pointer-events-none sticky -bottom-2 -mx-3 h-0">
          <div data-testid="nav-more-below" className="absolute inset-x-0 bottom-0 flex h-12 items-end justify-center bg-gradient-to-t from-white via-white/90 to-transparent pb-1">
            <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 shadow-xs">
              {t('nav.moreBelow')}
              <ArrowRightIcon className="size-3.5 rotate-90" />
            </span>
          </div>
        </div>
      )}
    </nav>
  );
}

/** Phones: the four most used screens in a bar at the bottom, within reach of the thumb. */
function TabBar() {
  const { t } = useTranslation('dashboard');
  const tab = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-xs font-medium ${isActive ? 'text-brand-800' : 'text-slate-600 hover:text-brand-800'}`;
  return (
    <nav aria-label={t('tabs.label')} className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden">
      <ul className="grid grid-cols-4">
        {tabItems.map(({ to, labelKey, icon: Icon, end }) => (
          <li key={to} className="min-w-0">
            <NavLink to={to} end={end} className={tab}>
              <Icon className="size-6 shrink-0" />
              <span className="max-w-full text-center leading-tight">{t(labelKey)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The signed-in user and the sign-out button, at the foot of the navigation. */
function NavFooter() {
  const { t } = useTranslation('dashboard');
  const { data: user } = useMe();
  const signOut = useSignOut();
  if (!user) return null;
  return (
    <div className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-3">
      <UserBadge user={user} />
      <button
        type="button"
        onClick={() => signOut.mutate()}
        disabled={signOut.isPending}
        aria-label={t('user.signOut')}
        title={t('user.signOut')}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-red-50 hover:text-red-700"
      >
        {signOut.isPending ? <Spinner size="sm" /> : <LogoutIcon />}
      </button>
    </div>
  );
}

/** The width (Tailwind's lg) from which the side navigation and the desktop header show. */
const WIDE = '(min-width: 64rem)';
const subscribeToWidth = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the desktop header shows: the bell is rendered in one header only, so it polls once. */
function useIsWide(): boolean {
  return useSyncExternalStore(subscribeToWidth, () => window.matchMedia(WIDE).matches);
}

/** Narrow screens: a top bar whose menu button opens the navigation as a drawer. */
function MobileBar({ bell }: { bell: boolean }) {
  const { t } = useTranslation('dashboard');
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Following a link closes the drawer: it was opened on another page.
  const open = openOn === pathname;
  const close = () => setOpenOn(null);

  return (
    <header className="sticky top-0 z-30 flex items-center justify-between gap-1 border-b border-slate-200 bg-white px-2 py-1.5 lg:hidden">
      <button
        ref={menuButton}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpenOn(pathname)}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
      >
        <MenuIcon className="size-6" />
        <span className="sr-only">{t('openMenu')}</span>
      </button>
      <Brand className="mr-auto" />
      {bell && <NotificationBellSlot />}
      <LanguageSwitcher />
      <Dialog open={open} onClose={close} title={t('nav.label')} hideTitle variant="drawer">
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
            <Brand />
            <button
              type="button"
              data-autofocus
              onClick={close}
              className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
            >
              <CloseIcon className="size-6" />
              <span className="sr-only">{t('closeMenu')}</span>
            </button>
          </div>
          <SideNav onNavigate={close} />
          <NavFooter />
        </div>
      </Dialog>
    </header>
  );
}

/** Signed-in screens: side navigation on wide screens, a drawer on phones, the screen beside it. */
export default function DashboardLayout() {
  const { t, i18n } = useTranslation();
  // The year in the reader's digits (২০২৬ in Bangla), like every other number.
  const year = currentYear(formattingLocale(i18n.language));
  const wide = useIsWide();
  return (
    <div className="min-h-dvh bg-slate-50 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)]">
      <SkipLink />
      <MobileBar bell={!wide} />
      {/* Rendered on wide screens only: a phone draws its navigation in the drawer. */}
      {wide && (
        <div className="border-r border-slate-200 bg-white">
          {/* Not an <aside>: this column is the app's main navigation, not content beside the page. */}
          <div className="sticky top-0 flex h-dvh flex-col">
            <div className="flex h-16 shrink-0 items-center border-b border-slate-200 px-5">
              <Brand />
            </div>
            <SideNav />
            <NavFooter />
          </div>
        </div>
      )}
      <div className="min-w-0">
        {wide && <TopBar />}
        <main id="main" tabIndex={-1} className="px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-8">
          <div className="mx-auto max-w-6xl">
            <Suspense fallback={<LoadingScreen label={t('loading')} />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
        {/* On phones the tab bar covers the bottom of the page: the footer leaves room for it. */}
        <footer className="px-4 pb-24 text-center text-xs text-slate-600 sm:px-6 lg:px-10 lg:pb-8">{t('footer.copyright', { year })}</footer>
      </div>
      {!wide && <TabBar />}
    </div>
  );
}
