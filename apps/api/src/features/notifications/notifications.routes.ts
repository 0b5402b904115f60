import { notificationIdParamsSchema, notificationsPageSchema, notificationsQuerySchema, pageCount, unreadCountSchema, type Notification } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../core/errors.js';
import { isoAt, type Clock } from '../../core/clock.js';
import { errorResponses } from '../../http/openapi.js';
import { money } from '../../core/ledger/money.js';
import { requireAuth } from '../../core/session/session-auth.js';
import { countNotifications, listNotifications, markAllRead, markRead, type NotificationRow } from './notifications.repository.js';

const toView = (row: NotificationRow): Notification => ({
  id: String(row.id),
  kind: row.kind,
  amount: money(row.amount),
  counterparty: { name: row.counterparty_name, phone: row.counterparty_phone },
  requestId: row.request_id,
  ticketId: row.ticket_id,
  statementMonth: row.statement_month,
  count: row.event_count,
  read: row.read_at !== null,
  createdAt: row.created_at,
});

/**
 * The signed-in user's notifications. The web app polls `unread-count` (one indexed count) while
 * the dashboard is open: see docs/decisions on notifications by polling.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (app, { db, clock }) => {
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
    async (request) => {
      const userId = requireAuth(request).userId;
      const { page, pageSize } = request.query;
      const [total, rows] = await Promise.all([countNotifications(db, userId, 'all'), listNotifications(db, userId, { limit: pageSize, offset: page * pageSize })]);
      return { items: rows.map(toView), total, page, pageSize, pageCount: pageCount(total, pageSize) };
    },
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
    async (request) => ({ count: await countNotifications(db, requireAuth(request).userId, 'unread') }),
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
      if (!(await markRead(db, requireAuth(request).userId, request.params.id, isoAt(clock())))) throw notFound('Notification');
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
      await markAllRead(db, requireAuth(request).userId, isoAt(clock()));
      return reply.status(204).send(null);
    },
  );
};
