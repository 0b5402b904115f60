import { endSessionByLinkSchema, otherSessionsEndedSchema, sessionParamsSchema, userSessionsSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../core/clock.js';
import { auditContext } from '../../core/session/request-context.js';
import { requireAuth } from '../../core/session/session-auth.js';
import { errorResponses } from '../../http/openapi.js';
import type { SessionsService } from './sessions.service.js';

/** Signed-in devices (decision 0043): list the user's sessions, end one or all the others, or one by a mailed link. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService; clock: Clock }> = async (app, { sessions, clock }) => {
  app.get(
    '/me/sessions',
    {
      schema: {
        tags: ['sessions'],
        summary: "The signed-in user's live sessions: browser and device from the user agent, address, when signed in and last active; the asking one first, marked current",
        response: { 200: userSessionsSchema, ...errorResponses(401) },
      },
    },
    async (request) => sessions.list(requireAuth(request), clock()),
  );

  app.delete(
    '/me/sessions/:id',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Sign out another session of the signed-in user, and forget its browser as a known device (the current session signs out with POST /auth/logout)',
        params: sessionParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await sessions.end(requireAuth(request), request.params.id, auditContext(request, clock()));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/me/sessions/sign-out-others',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Sign out every session of the signed-in user but the current one; answers how many ended',
        response: { 200: otherSessionsEndedSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => sessions.endOthers(requireAuth(request), auditContext(request, clock())),
  );

  app.post(
    '/me/sessions/end-by-link',
    {
      config: { public: true },
      schema: {
        tags: ['sessions'],
        summary: 'End the session a new-device mail names, with the token of its link (no session needed; works once, while that session lives)',
        body: endSessionByLinkSchema,
        response: { 204: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await sessions.endByLink(request.body.token, auditContext(request, clock()));
      return reply.status(204).send(null);
    },
  );
};
