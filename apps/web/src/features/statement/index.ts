/** What other features may use from the statement feature. Its page is loaded lazily by the router. */
export { LatestTransactions } from './components/LatestTransactions';
export { OverallCard } from './components/OverallCard';
