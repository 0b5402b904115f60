import { acceptedSchema, appLinkRequestSchema, contactRequestSchema, errorCodes, outreachMessages } from '@poisha/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { isoAt, type Clock } from '../../http/clock.js';
import { errorResponses } from '../../http/openapi.js';
import type { Mailer } from '../../mail/mailer.js';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';

export interface ContactRoutesOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  clock: Clock;
  supportEmail: string;
  publicUrl: string;
}

const mailUnavailable = () =>
  new AppError(errorCodes.mailUnavailable, 'Your message could not be sent right now. Please try again in a few minutes.');

/** The contact form and the landing page's "GET LINK": both send mail on a visitor's behalf. */
export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, { db, mailer, clock, supportEmail, publicUrl }) => {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['support'],
        summary: 'Send a message to the support inbox; it is stored either way',
        body: contactRequestSchema,
        response: { 202: acceptedSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      const now = clock();
      await consumeRateLimits(db, now, [{ limit: limits.contactPerAddress, subject: request.ip }]);
      const { name, email, message } = request.body;
      const id = crypto.randomUUID();
      await db
        .insertInto('contact_messages')
        .values({ id, user_id: request.auth?.userId ?? null, name, email, message, delivered: 0, created_at: isoAt(now) })
        .execute();
      try {
        await mailer.send({
          to: supportEmail,
          subject: `Contact form: ${name}`,
          text: `From: ${name} <${email}>\nMessage ${id}\n\n${message}`,
        });
      } catch (error) {
        request.log.error({ err: error, contactMessage: id }, 'contact message stored but not mailed');
        throw mailUnavailable();
      }
      await db.updateTable('contact_messages').set({ delivered: 1 }).where('id', '=', id).execute();
      // The sender gets a copy ("Check Your Email Please"); support already has the message, so a
      // failure here is only logged.
      mailer
        .send({
          to: email,
          subject: 'We received your message',
          text: `Hello ${name},\n\nThank you for writing to Poisha. We received your message and will answer at this address.\n\nYour message:\n${message}`,
        })
        .catch((error: unknown) => request.log.warn({ err: error, contactMessage: id }, 'contact confirmation not sent'));
      return reply.status(202).send({ message: outreachMessages.contactSent });
    },
  );

  app.post(
    '/app-link',
    {
      schema: {
        tags: ['support'],
        summary: 'E-mail the link to the app to an address (landing page "GET LINK")',
        body: appLinkRequestSchema,
        response: { 202: acceptedSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await consumeRateLimits(db, clock(), [
        { limit: limits.appLinkPerEmail, subject: email },
        { limit: limits.appLinkPerAddress, subject: request.ip },
      ]);
      try {
        await mailer.send({
          to: email,
          subject: 'Your link to Poisha',
          text: [
            'Hello,',
            '',
            'Here is the link to Poisha, the wallet for sending and keeping money safely. Open it on your phone:',
            '',
            `${publicUrl}/`,
            '',
            'You asked for this link on our website. If it was not you, ignore this mail.',
          ].join('\n'),
        });
      } catch (error) {
        request.log.error({ err: error }, 'app link mail could not be sent');
        throw mailUnavailable();
      }
      return reply.status(202).send({ message: outreachMessages.appLinkSent });
    },
  );
};
