import { errorCodes, pageCount, ticketMessages, type CreateTicketRequest, type Ticket, type TicketMessage, type TicketsPage } from '@poisha/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { notifyTicketAnswered } from '../../core/notifications/notify.js';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';
import type { Database } from '../../db/schema.js';
import { BusinessRuleError, notFound, validationFailed } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import { mailTexts } from '../../mail/mail-texts.js';
import type { Mailer } from '../../mail/mailer.js';
import {
  countTickets,
  findTicket,
  insertMessage,
  insertTicket,
  isUsersTransfer,
  listMessages,
  listTickets,
  listTicketsForSupport,
  setStatus,
  ticketAuthor,
  ticketOwner,
  type SupportQueueItem,
} from './support-tickets.repository.js';

export interface SupportTicketsDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  supportEmail: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const ticketNotFound = () => notFound('Ticket');

/** Support tickets: a user opens one (about a transaction of theirs, if they like), replies, closes. */
export function createSupportTicketsService({ db, mailer, supportEmail, publicUrl, log }: SupportTicketsDeps) {
  /** The support inbox hears of every ticket and reply. The ticket is stored either way. */
  async function tellSupport(userId: string, ticketId: string, subject: string, body: string) {
    const user = await ticketAuthor(db, userId);
    mailer
      .send({
        to: supportEmail,
        subject: `[Ticket ${ticketId.slice(0, 8)}] ${subject}`,
        text: [`From: ${user.name} <${user.email}>, ${user.phone}`, `Ticket: ${ticketId}`, `Answer at: ${publicUrl}`, '', body].join('\n'),
      })
      .catch((error: unknown) => log.error({ err: error, ticket: ticketId }, 'support inbox not told of ticket'));
  }

  async function ticket(userId: string, ticketId: string): Promise<Ticket> {
    const summary = await findTicket(db, userId, ticketId);
    if (!summary) throw ticketNotFound();
    return { ...summary, messages: await listMessages(db, ticketId) };
  }

  return {
    ticket,

    async list(userId: string, page: number, pageSize: number): Promise<TicketsPage> {
      const [total, items] = await Promise.all([countTickets(db, userId), listTickets(db, userId, { limit: pageSize, offset: page * pageSize })]);
      return { items, total, page, pageSize, pageCount: pageCount(total, pageSize) };
    },

    async open(userId: string, input: CreateTicketRequest, now: number): Promise<Ticket> {
      await consumeRateLimits(db, now, [{ limit: limits.ticketsPerUser, subject: userId }]);
      const transferId = input.transactionId ?? null;
      if (transferId && !(await isUsersTransfer(db, userId, transferId))) {
        throw validationFailed({ transactionId: ticketMessages.transactionUnknown }, ticketMessages.transactionUnknown);
      }
      const id = crypto.randomUUID();
      await db.transaction().execute(async (trx) => {
        await insertTicket(trx, { id, userId, subject: input.subject, category: input.category, transferId, now: isoAt(now) });
        await insertMessage(trx, { ticketId: id, author: 'user', body: input.message, now: isoAt(now) });
      });
      const opened = await ticket(userId, id);
      const about = opened.transaction ? `Transaction: ${opened.transaction.id} (${opened.transaction.type}, ${opened.transaction.amount.amount} cents, ${opened.transaction.createdAt})\n` : '';
      await tellSupport(userId, id, input.subject, `New ticket, category ${input.category}\n${about}\n${input.message}`);
      return opened;
    },

    /** A reply from the user reopens an answered ticket; a closed ticket takes no more replies. */
    async reply(userId: string, ticketId: string, message: string, now: number): Promise<TicketMessage> {
      const summary = await findTicket(db, userId, ticketId);
      if (!summary) throw ticketNotFound();
      await consumeRateLimits(db, now, [{ limit: limits.ticketRepliesPerUser, subject: userId }]);
      const written = await db.transaction().execute(async (trx) => {
        if (!(await setStatus(trx, ticketId, 'open', isoAt(now)))) return null;
        return insertMessage(trx, { ticketId, author: 'user', body: message, now: isoAt(now) });
      });
      if (!written) throw new BusinessRuleError(errorCodes.ticketClosed, ticketMessages.ticketClosed);
      await tellSupport(userId, ticketId, summary.subject, `Reply from the user:\n\n${message}`);
      return written;
    },

    /** Closing twice is harmless: the ticket stays closed. */
    async close(userId: string, ticketId: string, now: number): Promise<Ticket> {
      if (!(await findTicket(db, userId, ticketId))) throw ticketNotFound();
      await setStatus(db, ticketId, 'closed', isoAt(now));
      return ticket(userId, ticketId);
    },

    /** Tickets waiting for support (open), or also those answered and not closed, oldest activity first. */
    waiting(includeAnswered: boolean): Promise<SupportQueueItem[]> {
      return listTicketsForSupport(db, includeAnswered ? ['open', 'answered'] : ['open']);
    },

    /**
     * Support's answer (from the operator tool): the ticket becomes "answered", the user sees the
     * message in the thread and a notification (both in one transaction), then gets an e-mail.
     * A closed or unknown ticket takes no answer. `mailed` is false when the e-mail failed (the
     * answer stands; the operator is told).
     */
    async answer(ticketId: string, message: string, now: number): Promise<{ outcome: 'answered' | 'closed' | 'not_found'; userId?: string; mailed?: boolean }> {
      const owner = await ticketOwner(db, ticketId);
      if (!owner) return { outcome: 'not_found' };
      const answered = await db.transaction().execute(async (trx) => {
        if (!(await setStatus(trx, ticketId, 'answered', isoAt(now)))) return false;
        await insertMessage(trx, { ticketId, author: 'support', body: message, now: isoAt(now) });
        await notifyTicketAnswered(trx, { userId: owner.userId, ticketId, subject: owner.subject, nowMs: now });
        return true;
      });
      if (!answered) return { outcome: 'closed', userId: owner.userId };
      const mailed = await mailer
        .send({
          to: owner.email,
          ...mailTexts.ticketAnswered(owner.language, { name: owner.name, subject: owner.subject, message, link: `${publicUrl}/dashboard/SupportTicket?ticket=${ticketId}` }),
        })
        .then(
          () => true,
          (error: unknown) => {
            log.error({ err: error, ticket: ticketId }, 'user not mailed of support answer');
            return false;
          },
        );
      return { outcome: 'answered', userId: owner.userId, mailed };
    },

    /** Support closes a ticket (closing twice changes nothing). */
    async closeAsSupport(ticketId: string, now: number): Promise<{ outcome: 'closed' | 'already_closed' | 'not_found'; userId?: string }> {
      const owner = await ticketOwner(db, ticketId);
      if (!owner) return { outcome: 'not_found' };
      const changed = await setStatus(db, ticketId, 'closed', isoAt(now));
      return { outcome: changed ? 'closed' : 'already_closed', userId: owner.userId };
    },
  };
}

export type SupportTicketsService = ReturnType<typeof createSupportTicketsService>;
