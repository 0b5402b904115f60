import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { ClockIcon, PhoneIcon, ShieldIcon } from '../../../components/ui/icons';
import { keepFrom } from '../redirect';

/** The frame of the sign-in screens: a short promise on the left (wide screens), the form card on the right. */
export function AuthShell({ title, subtitle, tabs = false, children }: { title: string; subtitle?: string; tabs?: boolean; children: ReactNode }) {
  const { t } = useTranslation('auth');
  const points = [
    { icon: PhoneIcon, text: t('shell.point1') },
    { icon: ShieldIcon, text: t('shell.point2') },
    { icon: ClockIcon, text: t('shell.point3') },
  ];
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-2 lg:items-center lg:gap-16">
      <aside className="on-dark hidden rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-10 text-white shadow-lg lg:block">
        <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{t('shell.eyebrow')}</p>
        <p className="mt-3 text-3xl leading-tight font-bold">{t('shell.headline')}</p>
        <ul className="mt-8 space-y-4">
          {points.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 text-brand-50">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/10">
                <Icon className="size-5" />
              </span>
              <span className="pt-1.5">{text}</span>
            </li>
          ))}
        </ul>
      </aside>

      <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {tabs && <AuthTabs />}
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** Under a sign-in form: "No account yet? Create an account" and the other way round, keeping where the visitor was going. */
export function AuthSwitch({ question, to, link }: { question: string; to: '/login' | '/signUp'; link: string }) {
  const { state } = useLocation();
  return (
    <p className="flex flex-wrap items-center justify-center gap-x-1 text-sm text-slate-600">
      {question}
      <Link to={to} state={keepFrom(state)} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-4 hover:underline">
        {link}
      </Link>
    </p>
  );
}

/** "Login | Sign Up": links that look like tabs (each is its own page). */
function AuthTabs() {
  const { t } = useTranslation('auth');
  const { state } = useLocation();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-11 flex-1 items-center justify-center rounded-md px-4 text-sm font-semibold transition-colors ${
      isActive ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
    }`;
  return (
    <nav aria-label={t('tabs.label')} className="mb-6 flex gap-1 rounded-lg bg-slate-100 p-1">
      <NavLink to="/login" replace state={keepFrom(state)} className={tab}>
        {t('tabs.login')}
      </NavLink>
      <NavLink to="/signUp" replace state={keepFrom(state)} className={tab}>
        {t('tabs.signup')}
      </NavLink>
    </nav>
  );
}
