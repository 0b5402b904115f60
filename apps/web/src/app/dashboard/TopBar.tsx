import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LogoutIcon, SlidersIcon, UserIcon } from '../../components/ui/icons';
import { useSignOut } from '../../features/auth';
import { initials } from '../../lib/format';
import { useFormatMoney } from '../../lib/use-format-money';
import { useMe } from '../../session';
import { LanguageSwitcher } from '../LanguageSwitcher';
import { NotificationBellSlot } from './panels';

/** The balance, always in sight on a wide screen; it opens the statement. */
function BalanceChip() {
  const { t } = useTranslation('dashboard');
  const me = useMe();
  const money = useFormatMoney();
  if (!me.data) return null;
  return (
    <Link
      to="/dashboard/TransitionHistory"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-900"
    >
      {/* One text with the label: the amount alone stays the page's own (getByText finds one). */}
      <span data-testid="top-bar-balance" className="font-semibold text-slate-900 tabular-nums">
        {t('topBar.balance', { amount: money(me.data.balance) })}
      </span>
    </Link>
  );
}

/** The person's photo (or initials) and first name, opening their account links and sign-out. */
function UserMenu() {
  const { t } = useTranslation('dashboard');
  const { data: user } = useMe();
  const signOut = useSignOut();
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuId = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Closes on a click elsewhere and on Escape (focus goes back to the button).
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;
  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  const item = 'flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-left text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-900';
  return (
    <div ref={box} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpenOn(open ? null : pathname)}
        className="inline-flex min-h-11 max-w-48 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      >
        {user.photoUrl ? (
          <img src={user.photoUrl} alt="" width={32} height={32} decoding="async" className="size-8 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800">
            {initials(user.name)}
          </span>
        )}
        <span className="truncate" title={user.name}>
          {firstName}
        </span>
        <span className="sr-only">{t('topBar.accountMenu')}</span>
      </button>
      {open && (
        <div id={menuId} className="absolute top-full right-0 z-40 mt-1 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
          <p className="truncate px-3 py-2 text-xs text-slate-600" title={user.email}>
            {user.email}
          </p>
          <ul>
            <li>
              <Link to="/dashboard/myAccount" className={item}>
                <UserIcon className="size-5 shrink-0" />
                {t('nav.myAccount')}
              </Link>
            </li>
            <li>
              <Link to="/dashboard/Setting" className={item}>
                <SlidersIcon className="size-5 shrink-0" />
                {t('nav.settings')}
              </Link>
            </li>
            <li>
              <button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending} className={`${item} hover:bg-red-50 hover:text-red-700`}>
                <LogoutIcon className="size-5 shrink-0" />
                {t('user.signOut')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}

/** The wide screens' bar above every signed-in page: balance, notifications, language, the person. */
export function TopBar() {
  return (
    <header className="hidden h-16 items-center justify-between gap-2 border-b border-slate-200 bg-white px-10 lg:flex">
      <BalanceChip />
      <div className="flex items-center gap-2">
        <NotificationBellSlot />
        <LanguageSwitcher />
        <UserMenu />
      </div>
    </header>
  );
}
