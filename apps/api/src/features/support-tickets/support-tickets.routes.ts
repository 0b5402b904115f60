import {
  createTicketRequestSchema,
  helpLineSchema,
  type HelpLine,
  ticketMessageSchema,
  ticketParamsSchema,
  ticketReplyRequestSchema,
  ticketSchema,
  ticketsPageSchema,
  ticketsQuerySchema,
} from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../core/session/session-auth.js';
import type { Clock } from '../../core/clock.js';
import { declareRoutes } from '../../http/routes.js';
import type { SupportTicketsService } from './support-tickets.service.js';

export interface SupportTicketsRoutesOptions {
  tickets: SupportTicketsService;
  clock: Clock;
  helpLine: HelpLine;
}

export const supportTicketsRoutes: FastifyPluginAsyncZod<SupportTicketsRoutesOptions> = async (app, { tickets, clock, helpLine }) => {
  const route = declareRoutes(app, 'support');

  route.get('/help-line', 'The configured help-line number, as dialled (E.164) and as shown', {
    answer: [200, helpLineSchema], config: { public: true },
    handler: async () => helpLine,
  });

  route.get('/support-tickets', "The signed-in user's tickets, most recently active first", {
    querystring: ticketsQuerySchema, answer: [200, ticketsPageSchema], errors: [400, 401],
    handler: async (request) => tickets.list(requireAuth(request).userId, request.query.page, request.query.pageSize),
  });

  route.post('/support-tickets', 'Open a ticket, optionally about a transaction of the statement; the support inbox is told', {
    body: createTicketRequestSchema, answer: [201, ticketSchema], errors: [400, 401, 403, 429],
    handler: async (request) => tickets.open(requireAuth(request).userId, request.body, clock()),
  });

  route.get('/support-tickets/:id', 'One ticket with its whole thread (404 for anyone else’s ticket)', {
    params: ticketParamsSchema, answer: [200, ticketSchema], errors: [400, 401, 404],
    handler: async (request) => tickets.ticket(requireAuth(request).userId, request.params.id),
  });

  route.post('/support-tickets/:id/messages', 'Reply on a ticket; an answered ticket becomes open again, a closed one refuses (422 ticket_closed)', {
    params: ticketParamsSchema, body: ticketReplyRequestSchema, answer: [201, ticketMessageSchema], errors: [400, 401, 403, 404, 422, 429],
    handler: async (request) => tickets.reply(requireAuth(request).userId, request.params.id, request.body.message, clock()),
  });

  route.post('/support-tickets/:id/close', 'Close a ticket', {
    params: ticketParamsSchema, answer: [200, ticketSchema], errors: [400, 401, 403, 404],
    handler: async (request) => tickets.close(requireAuth(request).userId, request.params.id, clock()),
  });
};
