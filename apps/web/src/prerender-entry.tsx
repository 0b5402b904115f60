import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/App';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import i18n, { type LanguageCode } from './lib/i18n';

/**
 * Renders one public page to HTML in Node, for scripts/prerender.ts (run by the build). It renders
 * the tree the browser renders (main.tsx) with the session and the reviews still unknown, as they
 * are in the browser at its first render, so hydrateRoot finds the same markup.
 */
export async function renderPage(pathname: string, language: LanguageCode): Promise<string> {
  await i18n.changeLanguage(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect or a response, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = () => (
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
  // First pass: prerenderToNodeStream waits for every lazy page and namespace of texts. Its markup
  // completes late Suspense boundaries with inline scripts, which the server's CSP forbids; so the
  // second pass renders again, with everything loaded, to plain markup.
  const { prelude } = await prerenderToNodeStream(page());
  for await (const chunk of prelude) void chunk;
  const markup = renderToString(page());
  // A boundary still waiting would be hydrated from its fallback: that is not a prerendered page.
  if (markup.includes('<!--$?') || markup.includes('<!--$!') || markup.includes('<script')) throw new Error(`${pathname} (${language}) did not render completely`);
  return markup;
}
