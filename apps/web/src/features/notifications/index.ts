/** What the app shell may use from the notifications feature: the bell in the dashboard header. */
export { NotificationBell } from './components/NotificationBell';
