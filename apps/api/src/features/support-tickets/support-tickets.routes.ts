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
import { errorResponses } from '../../http/openapi.js';
import type { SupportTicketsService } from './support-tickets.service.js';

export interface SupportTicketsRoutesOptions {
  tickets: SupportTicketsService;
  clock: Clock;
  helpLine: HelpLine;
}

export const supportTicketsRoutes: FastifyPluginAsyncZod<SupportTicketsRoutesOptions> = async (app, { tickets, clock, helpLine }) => {
  app.get(
    '/help-line',
    {
      config: { public: true },
      schema: {
        tags: ['support'],
        summary: 'The configured help-line number, as dialled (E.164) and as shown',
        response: { 200: helpLineSchema },
      },
    },
    async () => helpLine,
  );

  app.get(
    '/support-tickets',
    {
      schema: {
        tags: ['support'],
        summary: "The signed-in user's tickets, most recently active first",
        querystring: ticketsQuerySchema,
        response: { 200: ticketsPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => tickets.list(requireAuth(request).userId, request.query.page, request.query.pageSize),
  );

  app.post(
    '/support-tickets',
    {
      schema: {
        tags: ['support'],
        summary: 'Open a ticket, optionally about a transaction of the statement; the support inbox is told',
        body: createTicketRequestSchema,
        response: { 201: ticketSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await tickets.open(requireAuth(request).userId, request.body, clock())),
  );

  app.get(
    '/support-tickets/:id',
    {
      schema: {
        tags: ['support'],
        summary: 'One ticket with its whole thread (404 for anyone else’s ticket)',
        params: ticketParamsSchema,
        response: { 200: ticketSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => tickets.ticket(requireAuth(request).userId, request.params.id),
  );

  app.post(
    '/support-tickets/:id/messages',
    {
      schema: {
        tags: ['support'],
        summary: 'Reply on a ticket; an answered ticket becomes open again, a closed one refuses (422 ticket_closed)',
        params: ticketParamsSchema,
        body: ticketReplyRequestSchema,
        response: { 201: ticketMessageSchema, ...errorResponses(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await tickets.reply(requireAuth(request).userId, request.params.id, request.body.message, clock())),
  );

  app.post(
    '/support-tickets/:id/close',
    {
      schema: {
        tags: ['support'],
        summary: 'Close a ticket',
        params: ticketParamsSchema,
        response: { 200: ticketSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => tickets.close(requireAuth(request).userId, request.params.id, clock()),
  );
};
