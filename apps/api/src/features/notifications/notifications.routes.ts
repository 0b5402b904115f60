import { notificationIdParamsSchema, notificationsPageSchema, notificationsQuerySchema, unreadCountSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../core/clock.js';
import { errorResponses } from '../../http/openapi.js';
import { requireAuth } from '../../core/session/session-auth.js';
import type { NotificationsService } from './notifications.service.js';

/**
 * The signed-in user's notifications. The web app polls `unread-count` (one indexed count) while
 * the dashboard is open: see docs/decisions on notifications by polling.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService; clock: Clock }> = async (app, { notifications, clock }) => {
  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Notifications, newest first',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => notifications.page(requireAuth(request).userId, request.query.page, request.query.pageSize),
  );

  app.get(
    '/notifications/unread-count',
    {
      config: { passive: true },
      schema: {
        tags: ['notifications'],
        summary: 'How many notifications are unread: cheap enough to poll',
        response: { 200: unreadCountSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ count: await notifications.unreadCount(requireAuth(request).userId) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notification read',
        params: notificationIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await notifications.read(requireAuth(request).userId, request.params.id, clock());
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification read',
        response: { 204: z.null(), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await notifications.readAll(requireAuth(request).userId, clock());
      return reply.status(204).send(null);
    },
  );
};
