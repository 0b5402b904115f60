import { errorCodes, type Language } from '@poisha/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import { mailTexts } from '../../mail/mail-texts.js';
import type { Mailer } from '../../mail/mailer.js';
import { insertContactMessage, markDelivered } from './contact.repository.js';

export interface ContactDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  supportEmail: string;
  publicUrl: string;
}

/** Who sent a request, as far as the contact features care. */
export interface Visitor {
  userId: string | null;
  ip: string;
  log: FastifyBaseLogger;
}

const mailUnavailable = () =>
  new AppError(errorCodes.mailUnavailable, 'Your message could not be sent right now. Please try again in a few minutes.');

/** The contact form and the landing page's "GET LINK": both send mail on a visitor's behalf. */
export function createContactService({ db, mailer, supportEmail, publicUrl }: ContactDeps) {
  return {
    /** Stores the message, mails it to support (503 if that fails) and confirms receipt to the visitor. */
    async sendContactMessage(message: { name: string; email: string; message: string; language?: Language }, visitor: Visitor, nowMs: number): Promise<void> {
      await consumeRateLimits(db, nowMs, [{ limit: limits.contactPerAddress, subject: visitor.ip }]);
      const { name, email } = message;
      const id = crypto.randomUUID();
      await insertContactMessage(db, { id, user_id: visitor.userId, name, email, message: message.message, delivered: 0, created_at: isoAt(nowMs) });
      try {
        await mailer.send({
          to: supportEmail,
          subject: `Contact form: ${name}`,
          text: `From: ${name} <${email}>\nMessage ${id}\n\n${message.message}`,
        });
      } catch (error) {
        visitor.log.error({ err: error, contactMessage: id }, 'contact message stored but not mailed');
        throw mailUnavailable();
      }
      await markDelivered(db, id);
      // The sender gets a confirmation ("Check Your Email Please"), in our words only: anyone can
      // type any address into the form, so echoing the visitor's name or text would let the form
      // mail their words to strangers. Support already has the message: a failure is only logged.
      mailer
        .send({ to: email, ...mailTexts.contactReceived(message.language ?? 'en') })
        .catch((error: unknown) => visitor.log.warn({ err: error, contactMessage: id }, 'contact confirmation not sent'));
    },

    /** Mails the link to the app; 503 if the mail cannot be sent. */
    async sendAppLink(email: string, language: Language, visitor: Visitor, nowMs: number): Promise<void> {
      await consumeRateLimits(db, nowMs, [
        { limit: limits.appLinkPerEmail, subject: email },
        { limit: limits.appLinkPerAddress, subject: visitor.ip },
      ]);
      try {
        await mailer.send({ to: email, ...mailTexts.appLink(language, { link: `${publicUrl}/` }) });
      } catch (error) {
        visitor.log.error({ err: error }, 'app link mail could not be sent');
        throw mailUnavailable();
      }
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
