import { createFavouriteRequestSchema, favouriteSchema, favouritesPageSchema, favouritesQuerySchema, idParamsSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../core/clock.js';
import { declareRoutes } from '../../http/routes.js';
import { requireAuth } from '../../core/session/session-auth.js';
import type { FavouritesService } from './favourites.service.js';

/** "Add Your Favorites Contact": the signed-in user's own list of wallets they pay often. */
export const favouritesRoutes: FastifyPluginAsyncZod<{ favourites: FavouritesService; clock: Clock }> = async (app, { favourites, clock }) => {
  const route = declareRoutes(app, 'favourites');

  route.get('/favourites', 'Favourite contacts, newest first', {
    querystring: favouritesQuerySchema, answer: [200, favouritesPageSchema], errors: [400, 401],
    handler: async (request) => favourites.page(requireAuth(request).userId, request.query.page, request.query.pageSize),
  });

  route.post('/favourites', 'Save a wallet (by phone number) as a favourite contact', {
    body: createFavouriteRequestSchema, answer: [201, favouriteSchema], errors: [400, 401, 403, 409, 422],
    handler: async (request) => favourites.add(requireAuth(request).userId, request.body, clock()),
  });

  route.delete('/favourites/:id', 'Delete one favourite contact', {
    params: idParamsSchema, answer: [204, z.null()], errors: [401, 403, 404],
    handler: async (request) => {
      await favourites.remove(requireAuth(request).userId, request.params.id);
    },
  });
};
