/**
 * The signed-in person, shared by every feature (mirrors the API's GET /auth/session and GET /me):
 * whether there is a session, the user with the wallet balance, the balance widget, and the one
 * refresh after money moved.
 */
export { sessionQueryKey, sessionQueryOptions, useSession } from './session';
export { seedSessionFromPage, takeSessionFromPage } from './session-in-page';
export { meQueryKey, useMe, walletQueryKey } from './me';
export { refreshWalletAfterMoneyMoved, useMoneyMovement, useRefreshWallet } from './refresh-wallet';
export { WalletBalance } from './WalletBalance';
export { useChangePhone, useRequestPhoneCode, useVerifyPhone } from './phone-proof';
export {
  isPaymentApprovalRefusal,
  isPaymentPinRefusal,
  paymentPinQueryKey,
  paymentsBlocked,
  refreshAfterPinRefusal,
  useChangePaymentPin,
  usePaymentPinStatus,
  useRequestPinResetCode,
  useResetPaymentPin,
  useSetPaymentPin,
} from './payment-pin';
export { passkeyPaymentApproval, passkeysQueryKey, passkeysQueryOptions, usePasskeys } from './passkeys';
