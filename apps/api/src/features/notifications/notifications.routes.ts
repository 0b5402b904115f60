import { notificationIdParamsSchema, notificationsPageSchema, notificationsQuerySchema, unreadCountSchema } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../core/clock.js';
import { declareRoutes } from '../../http/routes.js';
import { requireAuth } from '../../core/session/session-auth.js';
import type { NotificationsService } from './notifications.service.js';

/**
 * The signed-in user's notifications. The web app polls `unread-count` (one indexed count) while
 * the dashboard is open: see docs/decisions on notifications by polling.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService; clock: Clock }> = async (app, { notifications, clock }) => {
  const route = declareRoutes(app, 'notifications');

  route.get('/notifications', 'Notifications, newest first', {
    querystring: notificationsQuerySchema, answer: [200, notificationsPageSchema], errors: [400, 401],
    handler: async (request) => notifications.page(requireAuth(request).userId, request.query.page, request.query.pageSize),
  });

  route.get('/notifications/unread-count', 'How many notifications are unread: cheap enough to poll', {
    answer: [200, unreadCountSchema], errors: [401], config: { passive: true },
    handler: async (request) => ({ count: await notifications.unreadCount(requireAuth(request).userId) }),
  });

  route.post('/notifications/:id/read', 'Mark one notification read', {
    params: notificationIdParamsSchema, answer: [204, z.null()], errors: [401, 403, 404],
    handler: async (request) => {
      await notifications.read(requireAuth(request).userId, request.params.id, clock());
    },
  });

  route.post('/notifications/read-all', 'Mark every notification read', {
    answer: [204, z.null()], errors: [401, 403],
    handler: async (request) => {
      await notifications.readAll(requireAuth(request).userId, clock());
    },
  });
};
