/** What other features may use from the account feature. Its page is loaded lazily by the router. */
export { LinkedAccountsStrip } from './components/LinkedAccountsStrip';
export { bankAccountsQueryKey } from '../../lib/bank-accounts';
