import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/Button';
import { CloseIcon, MenuIcon } from '../../components/ui/icons';
import { LoadingScreen } from '../../components/ui/Spinner';
import { useSignOut } from '../../features/auth';
import { AppReadySignal } from '../../lib/app-ready';
import { useSession } from '../../session';
import { Brand } from '../Brand';
import { LanguageSwitcher } from '../LanguageSwitcher';
import { PublicFooter } from './PublicFooter';
import { SkipLink } from './SkipLink';

const navLink = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors ${
    isActive ? 'text-brand-800 underline decoration-2 underline-offset-8' : 'text-slate-700 hover:text-brand-800'
  }`;

function AccountActions({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  // Until the session is known (and in the prerendered page, readable before the app loads) the
  // signed-out links show: a signed-in visitor who follows one is sent on to the dashboard.
  if (session.data) {
    return (
      <Button variant="secondary" busy={signOut.isPending} onClick={() => signOut.mutate()}>
        {t('nav.logout')}
      </Button>
    );
  }
  return (
    <>
      <Link to="/login" onClick={onNavigate} className={buttonClasses('ghost')}>
        {t('nav.login')}
      </Link>
      <Link to="/signUp" onClick={onNavigate} className={buttonClasses('primary')}>
        {t('nav.getStarted')}
      </Link>
    </>
  );
}

function TopBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  // The menu is a native popover: its button opens it before the app has loaded (the prerendered
  // page) and on the first click; Escape and a click outside close it. React follows its state.
  useEffect(() => {
    const element = menu.current;
    if (!element) return;
    const follow = () => setOpen(element.matches(':popover-open'));
    follow();
    element.addEventListener('toggle', follow);
    return () => element.removeEventListener('toggle', follow);
  }, []);
  const close = () => {
    if (menu.current?.matches(':popover-open')) menu.current.hidePopover();
  };
  // The menu belongs to the page it was opened on; moving to another page closes it.
  // (Not when the app takes over the page: a menu opened before that stays open.)
  const openedOn = useRef(pathname);
  useEffect(() => {
    if (openedOn.current === pathname) return;
    openedOn.current = pathname;
    if (menu.current?.matches(':popover-open')) menu.current.hidePopover();
  }, [pathname]);
  const links = [
    { to: '/dashboard', label: t('nav.explore') },
    { to: '/aboutUs', label: t('nav.aboutUs') },
    { to: '/dashboard', label: t('nav.support') },
  ];

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
        <Brand />
        <nav aria-label={t('nav.main')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.label}>
                <NavLink to={link.to} end className={navLink}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          <LanguageSwitcher />
          <AccountActions />
        </div>
        <button
          type="button"
          popoverTarget="public-menu"
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 lg:hidden"
        >
          {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          <span className="sr-only">{open ? t('nav.closeMenu') : t('nav.openMenu')}</span>
        </button>
      </div>
      <div
        ref={menu}
        id="public-menu"
        popover="auto"
        // Below the top bar (its height: py-2 around the 44 px menu button, and the border).
        className="inset-x-0 top-[61px] bottom-auto m-0 max-h-[calc(100dvh-61px)] w-full max-w-none overflow-y-auto border-0 border-y border-slate-200 bg-white px-4 pt-0 pb-4 shadow-md lg:hidden"
      >
        <nav aria-label={t('nav.main')}>
          <ul className="flex flex-col py-2">
            {links.map((link) => (
              <li key={link.label}>
                <NavLink to={link.to} end onClick={close} className={navLink}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4">
          <AccountActions onNavigate={close} />
          <LanguageSwitcher className="ml-auto" />
        </div>
      </div>
    </header>
  );
}

/** Public pages: top bar, the page, footer. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <TopBar />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<LoadingScreen label={t('loading')} />}>
          <Outlet />
          <AppReadySignal />
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}
