/** What the rest of the app may use from the auth feature. Pages are loaded lazily by the router. */
export { useSignOut } from './api/logout';
export { IdleWarning } from './components/IdleWarning';
export { useSessionEndReason, type SessionEndReason } from './session-end';
export { useSessionLostHandler } from './use-session-lost-handler';
export type { LoginLocationState } from './redirect';
export { BonusPendingBanner } from './components/BonusPendingBanner';
export { PhoneUnprovenBanner } from './components/PhoneUnprovenBanner';
export { PaymentPinUnsetBanner } from './components/PaymentPinUnsetBanner';
