import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AUTH_NAMESPACES, DASHBOARD_NAMESPACES, withNamespaces } from '../lib/i18n';
import { PublicLayout } from './layouts/PublicLayout';
import { RequireAuth, type RoutePreload } from './RequireAuth';
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
const LogOutPage = lazy(() => import('../features/auth/pages/LogOutPage'));
/**
 * A lazy page whose code can be asked for ahead of its render: RequireAuth does so, for the
 * matched routes' `handle.preload`, while it waits for the session check, so that the dashboard's
 * code and the session arrive together instead of one after the other.
 */
function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (loading ??= load());
  return Object.assign(lazy(preload), { preload });
}

const DashboardLayout = preloadable(() => withNamespaces(DASHBOARD_NAMESPACES, import('./layouts/DashboardLayout')));
const DashboardHome = preloadable(() => import('./dashboard/DashboardHome'));
const DashboardContactPage = lazy(() => withNamespaces(CONTACT_NAMESPACES, import('../features/contact/pages/DashboardContactPage')));
const SendMoneyPage = lazy(() => import('../features/transfers/pages/SendMoneyPage'));
const FavouritesPage = lazy(() => import('../features/favourites/pages/FavouritesPage'));
const RequestMoneyPage = lazy(() => import('../features/money-requests/pages/RequestMoneyPage'));
const AccountPage = lazy(() => import('../features/account/pages/AccountPage'));
const StatementPage = lazy(() => import('../features/statement/pages/StatementPage'));
const ReceiptPage = lazy(() => withNamespaces(['receipts'], import('../features/receipts/pages/ReceiptPage')));
const AddMoneyPage = lazy(() => import('../features/deposits/pages/AddMoneyPage'));
const AddMoneyFromBankPage = lazy(() => import('../features/deposits/pages/AddMoneyFromBankPage'));
const CardDepositPage = lazy(() => import('../features/deposits/pages/CardDepositPage'));
const PaypalPage = lazy(() => import('../features/deposits/pages/PaypalPage'));
const SETTINGS_NAMESPACES = ['settings', 'validation'] as const;
const HELP_NAMESPACES = ['help', 'validation'] as const;
const SettingsPage = lazy(() => withNamespaces(SETTINGS_NAMESPACES, import('../features/settings/pages/SettingsPage')));
const ConfirmEmailPage = lazy(() => withNamespaces(SETTINGS_NAMESPACES, import('../features/settings/pages/ConfirmEmailPage')));
const SupportTicketPage = lazy(() => withNamespaces(HELP_NAMESPACES, import('../features/support/pages/SupportTicketPage')));
const AddReviewPage = lazy(() => withNamespaces(HELP_NAMESPACES, import('../features/reviews/pages/AddReviewPage')));
const CurrencyConvertPage = lazy(() => withNamespaces(HELP_NAMESPACES, import('../features/converter/pages/CurrencyConvertPage')));
const FaqsPage = lazy(() => withNamespaces(HELP_NAMESPACES, import('../features/faqs/pages/FaqsPage')));
const LoanPage = lazy(() => withNamespaces(HELP_NAMESPACES, import('../features/loan/pages/LoanPage')));


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
                  { path: '*', element: <NotFoundPage /> },
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

export function createRouter() {
  return createBrowserRouter(routes);
}
