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
import { errorResponses } from '../../http/openapi.js';
import type { PhotoStore } from './photo-store.js';
import type { ProfileService } from './profile.service.js';

export interface ProfileRoutesOptions {
  profile: ProfileService;
  photos: PhotoStore;
  clock: Clock;
}

/** Account settings: name and e-mail, password, closing the account, recent security activity. */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (app, { profile, photos, clock }) => {
  app.patch(
    '/me',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change the name now; a new e-mail needs the current password and takes effect once the link mailed to it is opened',
        body: updateProfileRequestSchema,
        response: { 200: profileSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => profile.update(requireAuth(request), request.body, auditContext(request, clock())),
  );

  app.get(
    '/me/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user with any e-mail address waiting for confirmation',
        response: { 200: profileSchema, ...errorResponses(401) },
      },
    },
    async (request) => profile.profile(requireAuth(request).userId, clock()),
  );

  app.post(
    '/me/email/confirm',
    {
      config: { public: true },
      schema: {
        tags: ['profile'],
        summary: 'Confirm a new e-mail address with the token from the link mailed to it (no session needed)',
        body: confirmEmailRequestSchema,
        response: { 204: z.null(), ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      await profile.confirmEmail(request.body.token, auditContext(request, clock()));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/me/password',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change the password; every other session ends and the user is told by e-mail',
        body: changePasswordRequestSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await profile.changePassword(requireAuth(request), request.body, auditContext(request, clock()));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/me',
    {
      schema: {
        tags: ['profile'],
        summary: 'Close the account (password needed, balance must be zero); its ledger records stay',
        body: closeAccountRequestSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const photo = await profile.close(requireAuth(request), request.body.password, auditContext(request, clock()));
      await photos.remove(photo);
      clearSessionCookies(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me/security-events',
    {
      schema: {
        tags: ['profile'],
        summary: 'Recent security activity: sign-ins, failed sign-ins, password and e-mail changes, newest first',
        querystring: securityEventsQuerySchema,
        response: { 200: securityEventsPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => profile.securityEvents(requireAuth(request).userId, request.query.page, request.query.pageSize),
  );
};
