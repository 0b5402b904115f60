import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers on every answer (the content security policy, frame and content-type
 * rules, HSTS behind https). The middleware is built once: @fastify/helmet built it again for each
 * request, parsing the policy's directives every time (about 2 % of a request's CPU in the bench's
 * profiles, issue 11).
 */
export function registerSecurityHeaders(app: FastifyInstance, { secureCookies, inlineScriptHashes }: { secureCookies: boolean; inlineScriptHashes: string[] }): void {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The pages' inline scripts, by their hashes (the web layer's, handed in by the app).
        scriptSrc: ["'self'", ...inlineScriptHashes],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: secureCookies ? [] : null,
      },
    },
    hsts: secureCookies,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
