import { endSessionByLinkSchema, otherSessionsEndedSchema, sessionParamsSchema, userSessionsSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../core/clock.js';
import { auditContext } from '../../core/session/request-context.js';
import { requireAuth } from '../../core/session/session-auth.js';
import { declareRoutes } from '../../http/routes.js';
import type { SessionsService } from './sessions.service.js';

/** Signed-in devices (decision 0043): list the user's sessions, end one or all the others, or one by a mailed link. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService; clock: Clock }> = async (app, { sessions, clock }) => {
  const route = declareRoutes(app, 'sessions');

  route.get('/me/sessions', "The signed-in user's live sessions: browser and device from the user agent, address, when signed in and last active; the asking one first, marked current", {
    answer: [200, userSessionsSchema], errors: [401],
    handler: async (request) => sessions.list(requireAuth(request), clock()),
  });

  route.delete('/me/sessions/:id', 'Sign out another session of the signed-in user, and forget its browser as a known device (the current session signs out with POST /auth/logout)', {
    params: sessionParamsSchema, answer: [204, z.null()], errors: [401, 403, 404, 422],
    handler: async (request) => {
      await sessions.end(requireAuth(request), request.params.id, auditContext(request, clock()));
    },
  });

  route.post('/me/sessions/sign-out-others', 'Sign out every session of the signed-in user but the current one; answers how many ended', {
    answer: [200, otherSessionsEndedSchema], errors: [401, 403],
    handler: async (request) => sessions.endOthers(requireAuth(request), auditContext(request, clock())),
  });

  route.post('/me/sessions/end-by-link', 'End the session a new-device mail names, with the token of its link (no session needed; works once, while that session lives)', {
    body: endSessionByLinkSchema, answer: [204, z.null()], errors: [400, 429], config: { public: true },
    handler: async (request) => {
      await sessions.endByLink(request.body.token, auditContext(request, clock()));
    },
  });
};
