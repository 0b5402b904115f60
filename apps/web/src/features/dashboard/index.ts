/** What the app shell may use from the dashboard feature. Pages are loaded lazily by the router. */
export { navItems, type NavItem } from './navigation';
export { upcomingScreens, type UpcomingScreen } from './screens';
export { UserBadge } from './components/UserBadge';
