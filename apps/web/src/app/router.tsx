import { lazy, use, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { AUTH_NAMESPACES, DASHBOARD_NAMESPACES, DASHBOARD_SHELL_NAMESPACES, withNamespaces } from '../lib/i18n';
import { PublicLayout } from './layouts/PublicLayout';
import { hasPreload, RequireAuth, type RoutePreload } from './RequireAuth';
import { RootLayout } from './RootLayout';

// Every page is its own chunk, so public pages never download the dashboard's code. Pages whose
// texts are not loaded at start fetch them together with their code (withNamespaces).

/** The landing page's GET LINK form shows the shared schemas' messages (the "validation" texts). */
const PUBLIC_FORM_NAMESPACES = ['validation'] as const;
const CONTACT_NAMESPACES = ['contact', 'validation'] as const;

const HomePage = lazy(() => withNamespaces(PUBLIC_FORM_NAMESPACES, import('../features/public/pages/HomePage')));
const AboutUsPage = lazy(() => import('../features/public/pages/AboutUsPage'));
const ContactPage = lazy(() => withNamespaces(CONTACT_NAMESPACES, import('../features/contact/pages/ContactUsPage')));
const ServicePage = lazy(() => import('../features/public/pages/ServicePage'));
const LegalPage = lazy(() => withNamespaces(['legal'], import('../features/public/pages/LegalPage')));
const NotFoundPage = lazy(() => import('../features/public/pages/NotFoundPage'));
const VerifyDocumentPage = lazy(() => withNamespaces(['verify'], import('../features/verify/pages/VerifyDocumentPage')));
const LoginPage = lazy(() => withNamespaces(AUTH_NAMESPACES, import('../features/auth/pages/LoginPage')));
const SignupPage = lazy(() => withNamespaces(AUTH_NAMESPACES, import('../features/auth/pages/SignupPage')));
const VerifyEmailPage = lazy(() => withNamespaces(AUTH_NAMESPACES, import('../features/auth/pages/VerifyEmailPage')));
const ResetPasswordPage = lazy(() => withNamespaces(AUTH_NAMESPACES, import('../features/auth/pages/ResetPasswordPage')));
/**
 * A lazy page whose code can be asked for ahead of its render: for a page signed in from the start
 * (main.tsx) and by RequireAuth while it waits for the session check, for the matched routes'
 * `handle.preload`. Once loaded it renders at once: the promise is marked settled the way React's
 * use() reads it, where React.lazy would suspend for a microtask, commit its fallback (a loading
 * screen) and hold the page back by React's 300 ms throttle of revealed content.
 */
function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    if (!loading) {
      // The fields of React's FulfilledReactPromise (@types/react), which use() reads.
      const promise: Promise<ComponentType<P>> = load().then((module) => {
        Object.assign(promise, { status: 'fulfilled', value: module.default });
        return module.default;
      });
      loading = promise;
    }
    return loading;
  };
  function PreloadablePage(props: P) {
    const Page = use(preload());
    return <Page {...props} />;
  }
  return Object.assign(PreloadablePage, { preload });
}

/**
 * A signed-in page: its code with the dashboard's texts and any of its own. The layout and the
 * home wait only for what their first screen shows, so every other page waits for the rest here.
 */
function dashboardPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, namespaces: readonly string[] = []) {
  return lazy(() => withNamespaces([...DASHBOARD_NAMESPACES, ...namespaces], load()));
}

const DashboardLayout = preloadable(() => withNamespaces(DASHBOARD_SHELL_NAMESPACES, import('./layouts/DashboardLayout')));
const DashboardHome = preloadable(() => import('./dashboard/DashboardHome'));
const DashboardContactPage = dashboardPage(() => import('../features/contact/pages/DashboardContactPage'), CONTACT_NAMESPACES);
const SendMoneyPage = dashboardPage(() => import('../features/transfers/pages/SendMoneyPage'));
const FavouritesPage = dashboardPage(() => import('../features/favourites/pages/FavouritesPage'));
const RequestMoneyPage = dashboardPage(() => import('../features/money-requests/pages/RequestMoneyPage'));
const AccountPage = dashboardPage(() => import('../features/account/pages/AccountPage'));
const StatementPage = dashboardPage(() => import('../features/statement/pages/StatementPage'));
const ReceiptPage = dashboardPage(() => import('../features/receipts/pages/ReceiptPage'), ['receipts']);
const AddMoneyPage = dashboardPage(() => import('../features/deposits/pages/AddMoneyPage'));
const AddMoneyFromBankPage = dashboardPage(() => import('../features/deposits/pages/AddMoneyFromBankPage'));
const CardDepositPage = dashboardPage(() => import('../features/deposits/pages/CardDepositPage'));
const PaypalPage = dashboardPage(() => import('../features/deposits/pages/PaypalPage'));
const SETTINGS_NAMESPACES = ['settings', 'validation'] as const;
const HELP_NAMESPACES = ['help', 'validation'] as const;
const SettingsPage = dashboardPage(() => import('../features/settings/pages/SettingsPage'), SETTINGS_NAMESPACES);
const ConfirmEmailPage = lazy(() => withNamespaces(SETTINGS_NAMESPACES, import('../features/settings/pages/ConfirmEmailPage')));
const EndSessionPage = lazy(() => withNamespaces(SETTINGS_NAMESPACES, import('../features/settings/pages/EndSessionPage')));
const SupportTicketPage = dashboardPage(() => import('../features/support/pages/SupportTicketPage'), HELP_NAMESPACES);
const AddReviewPage = dashboardPage(() => import('../features/reviews/pages/AddReviewPage'), HELP_NAMESPACES);
const CurrencyConvertPage = dashboardPage(() => import('../features/converter/pages/CurrencyConvertPage'), HELP_NAMESPACES);
const FaqsPage = dashboardPage(() => import('../features/faqs/pages/FaqsPage'), HELP_NAMESPACES);
const LoanPage = dashboardPage(() => import('../features/loan/pages/LoanPage'), HELP_NAMESPACES);
const LogOutPage = dashboardPage(() => import('../features/auth/pages/LogOutPage'));
const ConfirmPhonePage = dashboardPage(() => import('../features/auth/pages/ConfirmPhonePage'), ['auth', 'validation']);
const SetPaymentPinPage = dashboardPage(() => import('../features/auth/pages/SetPaymentPinPage'), ['auth', 'validation']);
const DashboardNotFoundPage = dashboardPage(() => import('../features/public/pages/NotFoundPage'));


/** Send Money offers the favourites as quick picks: two features, put on one screen here. */
const FavouriteQuickPicks = lazy(() => import('../features/favourites').then((module) => ({ default: module.FavouriteQuickPicks })));
const sendMoney = <SendMoneyPage quickPicks={<FavouriteQuickPicks />} />;

/**
 * The spec's route table. Paths match case-insensitively, so /signUp also answers /signup.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'signUp', element: <SignupPage /> },
          { path: 'resetpassword', element: <ResetPasswordPage /> },
          { path: 'confirmEmail', element: <ConfirmEmailPage /> },
          { path: 'end-session', element: <EndSessionPage /> },
          { path: 'verify-email', element: <VerifyEmailPage /> },
          { path: 'aboutUs', element: <AboutUsPage /> },
          { path: 'contactUs', element: <ContactPage /> },
          { path: 'services/:service', element: <ServicePage /> },
          { path: 'terms', element: <LegalPage kind="terms" /> },
          { path: 'privacy', element: <LegalPage kind="privacy" /> },
          { path: 'verify', element: <VerifyDocumentPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <DashboardLayout />,
            handle: { preload: DashboardLayout.preload } satisfies RoutePreload,
            children: [
              {
                path: 'dashboard',
                children: [
                  { index: true, element: <DashboardHome />, handle: { preload: DashboardHome.preload } satisfies RoutePreload },
                  { path: 'sendMoney', element: sendMoney },
                  { path: 'addAccount', element: <FavouritesPage /> },
                  { path: 'RequestMoney', element: <RequestMoneyPage /> },
                  { path: 'myAccount', element: <AccountPage /> },
                  { path: 'TransitionHistory', element: <StatementPage /> },
                  { path: 'receipts/:transferId', element: <ReceiptPage /> },
                  { path: 'addMoney', element: <AddMoneyPage /> },
                  { path: 'addMoneyFromBank', element: <AddMoneyFromBankPage /> },
                  { path: 'BankTransfer', element: <CardDepositPage /> },
                  { path: 'paypal', element: <PaypalPage /> },
                  { path: 'ContactUS', element: <DashboardContactPage /> },
                  { path: 'Setting', element: <SettingsPage /> },
                  { path: 'SupportTicket', element: <SupportTicketPage /> },
                  { path: 'addReview', element: <AddReviewPage /> },
                  { path: 'CurrencyConvert', element: <CurrencyConvertPage /> },
                  { path: 'Faqs', element: <FaqsPage /> },
                  { path: 'takeLone', element: <LoanPage /> },
                  { path: 'LogOut', element: <LogOutPage /> },
                  { path: 'confirmPhone', element: <ConfirmPhonePage /> },
                  { path: 'setPin', element: <SetPaymentPinPage /> },
                  { path: '*', element: <DashboardNotFoundPage /> },
                ],
              },
              { path: 'addAccount', element: <FavouritesPage /> },
              { path: 'sendMoney', element: sendMoney },
              { path: 'addMoney', element: <AddMoneyPage /> },
              { path: 'BankTransfer', element: <CardDepositPage /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Downloads the code (and texts) of the routes that match `pathname`, all at once, settling when
 * all have arrived (or one failed): for a page known to be signed in from the start (its session
 * came in the page), so the layout and the page arrive together, beside the first texts, instead
 * of one after the other as they render.
 */
export function preloadRoutesOf(pathname: string): Promise<unknown> {
  const loads = (matchRoutes(routes, pathname) ?? []).flatMap((match) => (hasPreload(match.route.handle) ? [match.route.handle.preload()] : []));
  // A failed download is reported by the page's own render, not here.
  return Promise.all(loads).catch(() => undefined);
}

export function createRouter() {
  return createBrowserRouter(routes);
}
