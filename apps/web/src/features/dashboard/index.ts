/** What the app shell and other features may use from the dashboard feature. Pages are loaded lazily by the router. */
export { navItems, type NavItem } from './navigation';
export { upcomingScreens, type UpcomingScreen } from './screens';
export { UserBadge } from './components/UserBadge';
export { PageHeader } from './components/PageHeader';
export { meQueryKey, useMe } from './api/get-me';
