import {
  changePasswordRequestSchema,
  closeAccountRequestSchema,
  confirmEmailRequestSchema,
  profileSchema,
  securityEventsPageSchema,
  securityEventsQuerySchema,
  updateProfileRequestSchema,
} from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../core/session/request-context.js';
import { clearSessionCookies, requireAuth } from '../../core/session/session-auth.js';
import type { Clock } from '../../core/clock.js';
import { declareRoutes } from '../../http/routes.js';
import type { PhotoStore } from './photo-store.js';
import type { ProfileService } from './profile.service.js';

export interface ProfileRoutesOptions {
  profile: ProfileService;
  photos: PhotoStore;
  clock: Clock;
}

/** Account settings: name and e-mail, password, closing the account, recent security activity. */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (app, { profile, photos, clock }) => {
  const route = declareRoutes(app, 'profile');

  route.patch('/me', 'Change the name now; a new e-mail needs the current password and takes effect once the link mailed to it is opened', {
    body: updateProfileRequestSchema, answer: [200, profileSchema], errors: [400, 401, 403, 409, 429],
    handler: async (request) => profile.update(requireAuth(request), request.body, auditContext(request, clock())),
  });

  route.get('/me/profile', 'The signed-in user with any e-mail address waiting for confirmation', {
    answer: [200, profileSchema], errors: [401],
    handler: async (request) => profile.profile(requireAuth(request).userId, clock()),
  });

  route.post('/me/email/confirm', 'Confirm a new e-mail address with the token from the link mailed to it (no session needed)', {
    body: confirmEmailRequestSchema, answer: [204, z.null()], errors: [400, 409], config: { public: true },
    handler: async (request) => {
      await profile.confirmEmail(request.body.token, auditContext(request, clock()));
    },
  });

  route.post('/me/password', 'Change the password; every other session ends and the user is told by e-mail', {
    body: changePasswordRequestSchema, answer: [204, z.null()], errors: [400, 401, 403, 429],
    handler: async (request) => {
      await profile.changePassword(requireAuth(request), request.body, auditContext(request, clock()));
    },
  });

  route.delete('/me', 'Close the account (password needed, balance must be zero); its ledger records stay', {
    body: closeAccountRequestSchema, answer: [204, z.null()], errors: [400, 401, 403, 422, 429],
    handler: async (request, reply) => {
      const photo = await profile.close(requireAuth(request), request.body.password, auditContext(request, clock()));
      await photos.remove(photo);
      clearSessionCookies(reply);
    },
  });

  route.get('/me/security-events', 'Recent security activity: sign-ins, failed sign-ins, password and e-mail changes, newest first', {
    querystring: securityEventsQuerySchema, answer: [200, securityEventsPageSchema], errors: [400, 401],
    handler: async (request) => profile.securityEvents(requireAuth(request).userId, request.query.page, request.query.pageSize),
  });
};
