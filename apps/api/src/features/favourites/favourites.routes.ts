import { createFavouriteRequestSchema, favouriteSchema, favouritesPageSchema, favouritesQuerySchema, idParamsSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../core/clock.js';
import { errorResponses } from '../../http/openapi.js';
import { requireAuth } from '../../core/session/session-auth.js';
import type { FavouritesService } from './favourites.service.js';

/** "Add Your Favorites Contact": the signed-in user's own list of wallets they pay often. */
export const favouritesRoutes: FastifyPluginAsyncZod<{ favourites: FavouritesService; clock: Clock }> = async (app, { favourites, clock }) => {
  app.get(
    '/favourites',
    {
      schema: {
        tags: ['favourites'],
        summary: 'Favourite contacts, newest first',
        querystring: favouritesQuerySchema,
        response: { 200: favouritesPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => favourites.page(requireAuth(request).userId, request.query.page, request.query.pageSize),
  );

  app.post(
    '/favourites',
    {
      schema: {
        tags: ['favourites'],
        summary: 'Save a wallet (by phone number) as a favourite contact',
        body: createFavouriteRequestSchema,
        response: { 201: favouriteSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await favourites.add(requireAuth(request).userId, request.body, clock())),
  );

  app.delete(
    '/favourites/:id',
    {
      schema: {
        tags: ['favourites'],
        summary: 'Delete one favourite contact',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await favourites.remove(requireAuth(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
