import { acceptedSchema, appLinkRequestSchema, contactRequestSchema, outreachMessages } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../core/clock.js';
import { errorResponses } from '../../http/openapi.js';
import type { ContactService, Visitor } from './contact.service.js';

export interface ContactRoutesOptions {
  contact: ContactService;
  clock: Clock;
}

const visitorOf = (request: FastifyRequest): Visitor => ({ userId: request.auth?.userId ?? null, ip: request.ip, log: request.log });

/** The contact form and the landing page's "GET LINK": both send mail on a visitor's behalf. */
export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, { contact, clock }) => {
  app.post(
    '/contact',
    {
      config: { public: true },
      schema: {
        tags: ['support'],
        summary: 'Send a message to the support inbox; it is stored either way',
        body: contactRequestSchema,
        response: { 202: acceptedSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      await contact.sendContactMessage(request.body, visitorOf(request), clock());
      return reply.status(202).send({ message: outreachMessages.contactSent });
    },
  );

  app.post(
    '/app-link',
    {
      config: { public: true },
      schema: {
        tags: ['support'],
        summary: 'E-mail the link to the app to an address (landing page "GET LINK")',
        body: appLinkRequestSchema,
        response: { 202: acceptedSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      await contact.sendAppLink(request.body.email, request.body.language ?? 'en', visitorOf(request), clock());
      return reply.status(202).send({ message: outreachMessages.appLinkSent });
    },
  );
};
