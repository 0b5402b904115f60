import { cookieNames, CSRF_HEADER, errorCodes } from '@poisha/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, unauthenticated } from '../errors.js';
import type { Clock } from '../clock.js';
import { recordAudit } from '../audit/audit-log.js';
import { auditContext } from './request-context.js';
import { ABSOLUTE_TIMEOUT_MS, needsTouch, sessionState } from './session-policy.js';
import { SessionActivity } from './session-activity.js';
import type { UserWithBalance } from '../users/users.repository.js';
import { deleteSession, findSession, findSessionWithUser, type ActiveSessionRow } from './sessions.repository.js';
import { hashToken, safeEqual } from './tokens.js';

export interface AuthSession {
  sessionId: string;
  userId: string;
  csrfToken: string;
  /** A cookie is sent by the browser on its own, so only cookie requests need the CSRF check. */
  via: 'cookie' | 'bearer';
  lastSeenAt: number;
  expiresAt: number;
  /** Read with the session on routes declared with `config: { signedInUser: true }` (see `signedInUser`). */
  user?: UserWithBalance;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthSession | null;
  }
  interface FastifyInstance {
    /** How this deployment's session cookies are set (Secure and `__Host-` names behind HTTPS). */
    sessionCookies: CookieSettings;
  }
  interface FastifyContextConfig {
    /** Anyone may call the route. Every other route under /api/v1 needs a signed-in session. */
    public?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session cookie of this deployment; over HTTPS only the `__Host-` one counts. */
const sessionCookieOf = (request: FastifyRequest) => request.cookies[cookieNames(request.server.sessionCookies.secure).session];

function presentedToken(request: FastifyRequest): { token: string; via: AuthSession['via'] } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice('Bearer '.length).trim(), via: 'bearer' };
  const cookie = sessionCookieOf(request);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

export interface CookieSettings {
  secure: boolean;
}

export function setSessionCookies(reply: FastifyReply, token: string, csrfToken: string) {
  const { secure } = reply.server.sessionCookies;
  const names = cookieNames(secure);
  const common = { path: '/', sameSite: 'lax', secure, maxAge: ABSOLUTE_TIMEOUT_MS / 1000 } as const;
  void reply.setCookie(names.session, token, { ...common, httpOnly: true });
  // Readable by the web app, which echoes it in the CSRF header; a cross-site page cannot read it.
  void reply.setCookie(names.csrf, csrfToken, { ...common, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply) {
  const { secure } = reply.server.sessionCookies;
  const names = cookieNames(secure);
  void reply.clearCookie(names.session, { path: '/', secure });
  void reply.clearCookie(names.csrf, { path: '/', secure });
}

/**
 * Resolves the session of every API request from the bearer token or the session cookie, ends
 * sessions that are idle or too old, and records activity (off the request's path: `SessionActivity`).
 */
export const sessionAuth = fp<{ db: Kysely<Database>; clock: Clock; cookies: CookieSettings }>(async (app: FastifyInstance, { db, clock, cookies }) => {
  app.decorateRequest('auth', null);
  app.decorate('sessionCookies', cookies);
  const activity = new SessionActivity(db, (error) => app.log.error({ err: error }, 'recording session activity failed; it is tried again'));
  app.addHook('onReady', async () => activity.start());
  app.addHook('onClose', async () => activity.stop());

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const presented = presentedToken(request);
    if (!presented || presented.token.length > 200) return;

    const tokenHash = hashToken(presented.token);
    let session: ActiveSessionRow | undefined;
    let user: UserWithBalance | undefined;
    if (request.routeOptions.config.signedInUser === true) ({ session, user } = (await findSessionWithUser(db, tokenHash)) ?? {});
    else session = await findSession(db, tokenHash);
    if (!session) return;

    const now = clock();
    const storedLastSeenAt = Date.parse(session.last_seen_at);
    const times = { lastSeenAt: activity.lastSeenAt(session.id, storedLastSeenAt), expiresAt: Date.parse(session.expires_at) };
    const state = sessionState(times, now);
    if (state !== 'active') {
      await deleteSession(db, session.id);
      await recordAudit(db, auditContext(request, now), 'session_expired', session.user_id, { reason: state });
      return;
    }
    // A passive request (a background poll) checks the session but is not activity: it must not
    // keep an unattended screen signed in past the idle timeout.
    if (request.routeOptions.config.passive !== true && needsTouch(times.lastSeenAt, now)) {
      await activity.touch(session.id, storedLastSeenAt, now);
      times.lastSeenAt = now;
    }
    request.auth = {
      sessionId: session.id,
      userId: session.user_id,
      csrfToken: session.csrf_token,
      via: presented.via,
      ...times,
      ...(user ? { user } : {}),
    };
  });
});

/**
 * Makes every route registered in `scope` (and its children) need a signed-in session, unless it
 * is declared with `config: { public: true }`. The check runs as the request arrives, before the
 * body is parsed or validated: an anonymous caller learns nothing about an endpoint's fields.
 * The OpenAPI document says which security each operation needs.
 */
export function protectRoutes(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    const isPublic = route.config?.public === true;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const changesState = methods.some((method) => !SAFE_METHODS.has(method));
    // A cookie request that changes state needs the CSRF header too: both, in one requirement.
    const cookie: Record<string, string[]> = changesState ? { cookie: [], csrf: [] } : { cookie: [] };
    route.schema = { ...route.schema, security: isPublic ? [] : [{ bearer: [] }, cookie] };
  });
  scope.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.public !== true) await authenticated(request, reply);
  });
}

/** The signed-in session, or 401. Cookie-authenticated changes must also carry the CSRF token. */
export function requireAuth(request: FastifyRequest): AuthSession {
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  if (auth.via === 'cookie' && !SAFE_METHODS.has(request.method)) {
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !safeEqual(sent, auth.csrfToken)) {
      throw new AppError(errorCodes.csrfFailed, 'The request could not be verified. Reload the page and try again.');
    }
  }
  return auth;
}

/**
 * The signed-in user with their wallet's balance, read in the session's own query, or 401. Only
 * for routes declared with `config: { signedInUser: true }`; elsewhere it is a programming error.
 */
export function signedInUser(request: FastifyRequest): UserWithBalance {
  const auth = requireAuth(request);
  if (request.routeOptions.config.signedInUser !== true) throw new Error(`${request.routeOptions.url ?? request.url} does not declare config.signedInUser`);
  if (!auth.user) throw unauthenticated();
  return auth.user;
}

/** preHandler form of requireAuth, for routes that need a signed-in user. */
export async function authenticated(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  try {
    requireAuth(request);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401 && sessionCookieOf(request)) {
      clearSessionCookies(reply);
    }
    throw error;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is polled in the background: it does not count as the user's activity. */
    passive?: boolean;
    /** The route shows the signed-in user: the session's lookup reads the user and balance too (`signedInUser`). */
    signedInUser?: boolean;
  }
}
