import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { EARLY_SUBMIT_SCRIPT_HASH } from '../web/early-submit.js';

/**
 * Helmet's security headers on every answer (the content security policy, frame and content-type
 * rules, HSTS behind https). The middleware is built once: @fastify/helmet built it again for each
 * request, parsing the policy's directives every time (about 2 % of a request's CPU in the bench's
 * profiles, issue 11).
 */
export function registerSecurityHeaders(app: FastifyInstance, { secureCookies }: { secureCookies: boolean }): void {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The pages' one inline script, by its hash: it holds a form's submit until the app is live.
        scriptSrc: ["'self'", EARLY_SUBMIT_SCRIPT_HASH],
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
