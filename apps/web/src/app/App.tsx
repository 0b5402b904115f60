import type { SessionResponse } from '@poisha/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { seedSessionFromPage } from '../session';
import { createQueryClient } from './query-client';
import { createRouter } from './router';

/** Around the router, in the browser and in the build's prerender (the two must render the same tree). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Until the first texts have loaded there is nothing to show: the page stays as it was before the script ran. */}
      <Suspense fallback={null}>{children}</Suspense>
    </QueryClientProvider>
  );
}

/** `session`: the one the server put into the page (signed in), which the session query starts with. */
export function App({ session = null }: { session?: SessionResponse | null }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (session) seedSessionFromPage(client, session);
    return client;
  });
  const [router] = useState(createRouter);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
