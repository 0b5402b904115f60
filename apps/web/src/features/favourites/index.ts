/** What the app shell may use from the favourites feature. Its page is loaded lazily by the router. */
export { FavouriteQuickPicks } from './components/FavouriteQuickPicks';
