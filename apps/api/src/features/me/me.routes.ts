import { userSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declareRoutes } from '../../http/routes.js';
import { signedInUser } from '../../core/session/session-auth.js';
import { toUserView } from '../../core/users/user-view.js';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = declareRoutes(app, 'profile');

  route.get('/me', 'The signed-in user with the balance of their wallet', {
    // The user comes with the session's own lookup: one query for the whole request.
    answer: [200, userSchema], errors: [401], config: { signedInUser: true },
    handler: async (request) => toUserView(signedInUser(request)),
  });
};
