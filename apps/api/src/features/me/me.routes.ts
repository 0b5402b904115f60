import { userSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/openapi.js';
import { signedInUser } from '../../core/session/session-auth.js';
import { toUserView } from '../../core/users/user-view.js';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      // The user comes with the session's own lookup: one query for the whole request.
      config: { signedInUser: true },
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user with the balance of their wallet',
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => toUserView(signedInUser(request)),
  );
};
