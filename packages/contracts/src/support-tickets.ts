import { z } from 'zod';
import { requiredText } from './fields.js';
import { moneySchema } from './money.js';
import { pageQuerySchema, pageSchema, transferKindSchema } from './statement.js';

export const ticketMessages = {
  subjectRequired: 'Subject is required',
  subjectTooLong: 'Subject must be at most 120 characters',
  categoryRequired: 'Choose a category',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be at most 4000 characters',
  transactionUnknown: 'This transaction is not in your statement',
  ticketClosed: 'This ticket is closed. Open a new ticket if you still need help.',
} as const;

export const TICKET_CATEGORIES = ['transfer', 'deposit', 'account', 'card', 'other'] as const;
export const ticketCategorySchema = z.enum(TICKET_CATEGORIES, { error: ticketMessages.categoryRequired });
export type TicketCategory = z.infer<typeof ticketCategorySchema>;

/** open: waiting for support; answered: support replied; closed: done (no more replies). */
export const ticketStatusSchema = z.enum(['open', 'answered', 'closed']);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

const ticketMessageText = requiredText({ required: ticketMessages.messageRequired, tooLong: ticketMessages.messageTooLong, max: 4000 });

export const createTicketRequestSchema = z.object({
  subject: requiredText({ required: ticketMessages.subjectRequired, tooLong: ticketMessages.subjectTooLong, max: 120 }),
  category: ticketCategorySchema,
  message: ticketMessageText,
  /**
   * A transfer id from the user's own statement (`transferId` of an entry). Empty means none: the
   * form's "No particular transaction" choice sends it so.
   */
  transactionId: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((id) => id || undefined),
});
export type CreateTicketRequest = z.input<typeof createTicketRequestSchema>;

export const ticketReplyRequestSchema = z.object({ message: ticketMessageText });
export type TicketReplyRequest = z.input<typeof ticketReplyRequestSchema>;

/** The transaction a ticket is about, as the ticket's owner sees it in the statement. */
export const ticketTransactionSchema = z.object({
  id: z.string(),
  type: transferKindSchema,
  amount: moneySchema,
  createdAt: z.string(),
});

export const ticketSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  category: ticketCategorySchema,
  status: ticketStatusSchema,
  transaction: ticketTransactionSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const ticketMessageSchema = z.object({
  id: z.string(),
  author: z.enum(['user', 'support']),
  body: z.string(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSchema = ticketSummarySchema.extend({ messages: z.array(ticketMessageSchema) });
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketsQuerySchema = pageQuerySchema;
export const ticketsPageSchema = pageSchema(ticketSummarySchema);
export type TicketsPage = z.infer<typeof ticketsPageSchema>;

export const ticketParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** The configured help line (GET /help-line): as dialled (E.164) and as shown to people. */
export const helpLineSchema = z.object({ phone: z.string(), display: z.string() });
export type HelpLine = z.infer<typeof helpLineSchema>;
