import { z } from 'zod';
import { moneySchema } from './money.js';
import { pageQuerySchema, pageSchema } from './statement.js';

export const notificationKindSchema = z.enum(['money_received', 'request_received', 'request_paid', 'request_declined', 'request_cancelled', 'support_replied', 'statement_ready']);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** What happened, to whom and for how much; screens turn the kind into words in the user's language. */
export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  amount: moneySchema,
  counterparty: z.object({ name: z.string(), phone: z.string() }),
  requestId: z.string().nullable(),
  /** The support ticket that was answered (kind `support_replied`; its amount is 0 and the counterparty is the ticket's subject). */
  ticketId: z.string().nullable(),
  /** "2026-10" when a monthly statement is ready (kind statement_ready; its amount is 0). */
  statementMonth: z.string().nullable(),
  read: z.boolean(),
  /** How many events of this kind from this person it stands for (grouped while unread); `amount` is their sum. */
  count: z.number().int().min(1),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = pageQuerySchema;
export const notificationsPageSchema = pageSchema(notificationSchema);
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** Notification ids are whole numbers; anything else is refused before it reaches the database. */
export const notificationIdParamsSchema = z.object({ id: z.string().regex(/^[0-9]{1,15}$/, 'Not a notification id').transform(Number) });
