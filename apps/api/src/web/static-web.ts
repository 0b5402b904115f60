import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorCodes } from '@poisha/contracts';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../config/env.js';
import { errorBody } from '../core/errors.js';
import type { CurrentWebBuild } from './current-build.js';
import { LANGUAGE_COOKIE, pageLanguage } from './prerendered.js';
import { sessionForPage, shellWithSession } from './session-in-page.js';
import { signedInPreloads } from './shell-preloads.js';

/**
 * Serves the built web app from the same process as the API. Hashed assets are cached for a year;
 * a public page the build prerendered gets its HTML in the reader's language (readable before any
 * script runs); every other path that is not an API or asset path gets index.html, so the client
 * router can handle it. Text files go out as the Brotli or gzip copy the build wrote beside them
 * (apps/web/scripts/compress.ts) when the browser accepts it: nothing is compressed per request.
 * A signed-in visitor's index.html carries their session (session-in-page.ts, decision 0021), so
 * that page is theirs alone: `private, no-store`, never kept by a shared cache or the browser.
 * The build is the one dist points to at the time of each request (current-build.ts): a rebuild
 * under a running server switches it without a moment of 404s.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null, web: CurrentWebBuild, { required = false } = {}): Promise<void> {
  // Production serves a build made beforehand and never builds one itself.
  if (required && !web.current()) throw new ConfigError(`The web app is not built (no index.html in ${distDir ?? 'WEB_DIST_DIR'}): run npm run build first`);
  if (distDir !== null) {
    await app.register(fastifyStatic, {
      // The dist link itself, resolved by the file system on each request: after `npm run build`
      // switches it, files come from the new build (decision 0038).
      root: distDir,
      // Every request looks on disk (a build made after start has files a start-time list lacks).
      wildcard: true,
      index: false,
      // file.br / file.gz, chosen by Accept-Encoding (Vary says so); the file itself otherwise.
      preCompressed: true,
      // Source maps are never served, even if a build left some behind; a folder path ('/' among
      // them) is a page, for the not-found handler below.
      allowedPath: (pathName) => !pathName.endsWith('.map') && !pathName.endsWith('/'),
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const outsideApiAndAssets = !pathname.startsWith('/api') && !pathname.startsWith('/assets/');
    // A missing asset (or a refused source map) is a 404, not the app's page.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && outsideApiAndAssets;
    // The build current now; its own folder serves every file of this answer.
    const build = isPage ? web.current() : null;
    if (build) {
      const language = pageLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
      const page = build.prerendered?.fileFor(pathname, language);
      // The answer depends on the language cookie and Accept-Language: caches must keep them apart.
      if (page) return reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language, Cookie').sendFile(page, build.dir);
      const session = request.method === 'GET' ? await sessionForPage(app, request) : null;
      if (session) return reply.header('cache-control', 'private, no-store').header('vary', 'Cookie').type('text/html; charset=utf-8').send(shellWithSession(build.shell, session, signedInPreloads(build.manifest, pathname, language)));
      // Signed out, the shell is the same for everyone, but a cache must not hand it to a signed-in visitor.
      return reply.header('cache-control', 'no-cache').header('vary', 'Cookie').sendFile('index.html', build.dir);
    }
    // A page's form sent by the browser itself (the app was not live yet: issue 24, defect 2): the
    // body (perhaps a password) is neither read nor logged, and the visitor goes back to the page.
    const isPageForm = request.method === 'POST' && outsideApiAndAssets;
    if (isPageForm && web.current()) return reply.header('cache-control', 'no-store').redirect(`/${pathname.replace(/^\/+/, '')}`, 303);
    // The static files' wildcard route (any path, for builds made after start) also takes an API
    // path whose parameter is over the router's length limit: answer it as the router would have.
    if (pathname.startsWith('/api/') && pathname.split('/').some((segment) => segment.length > (app.initialConfig.maxParamLength ?? 100))) {
      return reply.status(400).send(errorBody(errorCodes.validationFailed, 'The address of the request is not valid'));
    }
    return reply.status(404).send(errorBody(errorCodes.notFound, `No route for ${request.method} ${pathname}`));
  });
}
