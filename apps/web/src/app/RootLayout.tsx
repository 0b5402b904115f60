import { Outlet } from 'react-router';
import { OfflineBanner } from '../components/ui/OfflineBanner';
import { IdleWarning, useSessionLostHandler } from '../features/auth';

/** Around every page: the idle warning and the reaction to a session the server no longer accepts. */
export function RootLayout() {
  useSessionLostHandler();
  return (
    <>
      <OfflineBanner />
      <Outlet />
      <IdleWarning />
    </>
  );
}
