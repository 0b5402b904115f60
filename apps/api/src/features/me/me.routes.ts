import { userSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { unauthenticated } from '../../http/app-error.js';
import { errorResponses } from '../../http/openapi.js';
import { requireAuth } from '../../core/session/session-auth.js';
import { toUserView } from '../../core/users/user-view.js';
import { findUserWithBalance } from '../../core/users/users.repository.js';

export const meRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/me',
    {
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user with the balance of their wallet',
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = await findUserWithBalance(db, requireAuth(request).userId);
      if (!user) throw unauthenticated();
      return toUserView(user);
    },
  );
};
