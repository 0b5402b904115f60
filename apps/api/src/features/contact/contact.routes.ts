import { acceptedSchema, appLinkRequestSchema, contactRequestSchema, outreachMessages } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../core/clock.js';
import { declareRoutes } from '../../http/routes.js';
import type { ContactService, Visitor } from './contact.service.js';

export interface ContactRoutesOptions {
  contact: ContactService;
  clock: Clock;
}

const visitorOf = (request: FastifyRequest): Visitor => ({ userId: request.auth?.userId ?? null, ip: request.ip, log: request.log });

/** The contact form and the landing page's "GET LINK": both send mail on a visitor's behalf. */
export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, { contact, clock }) => {
  const route = declareRoutes(app, 'support');

  route.post('/contact', 'Send a message to the support inbox; it is stored either way', {
    body: contactRequestSchema, answer: [202, acceptedSchema], errors: [400, 429, 503], config: { public: true },
    handler: async (request) => {
      await contact.sendContactMessage(request.body, visitorOf(request), clock());
      return { message: outreachMessages.contactSent };
    },
  });

  route.post('/app-link', 'E-mail the link to the app to an address (landing page "GET LINK")', {
    body: appLinkRequestSchema, answer: [202, acceptedSchema], errors: [400, 429, 503], config: { public: true },
    handler: async (request) => {
      await contact.sendAppLink(request.body.email, request.body.language ?? 'en', visitorOf(request), clock());
      return { message: outreachMessages.appLinkSent };
    },
  });
};
