import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { Spinner } from '../../components/ui/Spinner';
import { DASHBOARD_NAMESPACES, withNamespaces } from '../../lib/i18n';

/*
 * The parts of the dashboard's first screen that fetch data of their own (the latest transactions,
 * the spending card, the linked accounts, the notification bell) load their code after the screen
 * has painted, not in front of it: the home and the layout then need neither zod (their answers'
 * schemas), the phone-number library nor the statement's code, and the balance, the screen's
 * largest text, shows as soon as they have run (docs/benchmarks.md, "Lighthouse").
 */
export const LatestTransactions = lazy(() => withNamespaces(DASHBOARD_NAMESPACES, import('../../features/statement')).then((module) => ({ default: module.LatestTransactions })));
export const OverallCard = lazy(() => withNamespaces(DASHBOARD_NAMESPACES, import('../../features/statement')).then((module) => ({ default: module.OverallCard })));
export const LinkedAccountsStrip = lazy(() => withNamespaces(DASHBOARD_NAMESPACES, import('../../features/account')).then((module) => ({ default: module.LinkedAccountsStrip })));
const NotificationBell = lazy(() => withNamespaces(DASHBOARD_NAMESPACES, import('../../features/notifications')).then((module) => ({ default: module.NotificationBell })));

/** A panel's place while its code loads: its frame and a spinner, about the size of its own loading state. */
export function PanelSlot({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const loading = (
    <div className="flex justify-center rounded-2xl border border-slate-200 bg-white py-8 text-brand-700">
      <Spinner label={t('loading')} />
    </div>
  );
  return (
    <AfterFirstPaint fallback={loading}>
      <Suspense fallback={loading}>{children}</Suspense>
    </AfterFirstPaint>
  );
}

/** The bell's place in a header while its code loads: the button's size, so nothing moves. */
export function NotificationBellSlot() {
  const place = <span aria-hidden="true" className="inline-block size-11 shrink-0" />;
  return (
    <AfterFirstPaint fallback={place}>
      <Suspense fallback={place}>
        <NotificationBell />
      </Suspense>
    </AfterFirstPaint>
  );
}
