import type { Language, TicketCategory, TicketMessage, TicketStatus, TicketSummary } from '@poisha/contracts';
import type { Queryable } from '../../db/schema.js';
import { money } from '../../core/ledger/money.js';

/** The tickets of one user, with the transaction each is about as it shows in their statement. */
function ticketsOf(db: Queryable, userId: string) {
  return db
    .selectFrom('support_tickets as t')
    .leftJoin('accounts as wallet', (join) => join.onRef('wallet.user_id', '=', 't.user_id').on('wallet.kind', '=', 'wallet'))
    .leftJoin('postings as p', (join) => join.onRef('p.transfer_id', '=', 't.transfer_id').onRef('p.account_id', '=', 'wallet.id'))
    .leftJoin('transfers as tr', 'tr.id', 'p.transfer_id')
    .select([
      't.id',
      't.subject',
      't.category',
      't.status',
      't.created_at',
      't.updated_at',
      'tr.id as transfer_id',
      'tr.kind as transfer_kind',
      'p.amount as transfer_amount',
      'tr.created_at as transfer_created_at',
    ])
    .where('t.user_id', '=', userId);
}

type TicketRow = Awaited<ReturnType<ReturnType<typeof ticketsOf>['executeTakeFirstOrThrow']>>;

function toSummary(row: TicketRow): TicketSummary {
  return {
    id: row.id,
    subject: row.subject,
    category: row.category as TicketCategory,
    status: row.status,
    transaction:
      row.transfer_id && row.transfer_kind && row.transfer_amount !== null && row.transfer_created_at
        ? { id: row.transfer_id, type: row.transfer_kind, amount: money(row.transfer_amount), createdAt: row.transfer_created_at }
        : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function countTickets(db: Queryable, userId: string): Promise<number> {
  const row = await db
    .selectFrom('support_tickets')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Most recently active first. */
export async function listTickets(db: Queryable, userId: string, window: { limit: number; offset: number }): Promise<TicketSummary[]> {
  const rows = await ticketsOf(db, userId).orderBy('t.updated_at', 'desc').orderBy('t.id', 'desc').limit(window.limit).offset(window.offset).execute();
  return rows.map(toSummary);
}

/** The ticket if it belongs to the user; another user's ticket is simply not found. */
export async function findTicket(db: Queryable, userId: string, ticketId: string): Promise<TicketSummary | undefined> {
  const row = await ticketsOf(db, userId).where('t.id', '=', ticketId).executeTakeFirst();
  return row ? toSummary(row) : undefined;
}

export async function listMessages(db: Queryable, ticketId: string): Promise<TicketMessage[]> {
  const rows = await db
    .selectFrom('support_ticket_messages')
    .select(['id', 'author', 'body', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map((row) => ({ id: row.id, author: row.author, body: row.body, createdAt: row.created_at }));
}

/** Whether the transfer moved money in or out of this user's wallet (it is in their statement). */
export async function isUsersTransfer(db: Queryable, userId: string, transferId: string): Promise<boolean> {
  const row = await db
    .selectFrom('postings as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .select('p.id')
    .where('p.transfer_id', '=', transferId)
    .where('a.user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertTicket(
  db: Queryable,
  ticket: { id: string; userId: string; subject: string; category: TicketCategory; transferId: string | null; now: string },
): Promise<void> {
  await db
    .insertInto('support_tickets')
    .values({
      id: ticket.id,
      user_id: ticket.userId,
      subject: ticket.subject,
      category: ticket.category,
      status: 'open',
      transfer_id: ticket.transferId,
      created_at: ticket.now,
      updated_at: ticket.now,
    })
    .execute();
}

export async function insertMessage(db: Queryable, message: { ticketId: string; author: TicketMessage['author']; body: string; now: string }): Promise<TicketMessage> {
  const row = { id: crypto.randomUUID(), ticket_id: message.ticketId, author: message.author, body: message.body, created_at: message.now };
  await db.insertInto('support_ticket_messages').values(row).execute();
  return { id: row.id, author: row.author, body: row.body, createdAt: row.created_at };
}

/** Changes the status unless the ticket is closed already; answers whether it changed. */
export async function setStatus(db: Queryable, ticketId: string, status: TicketStatus, now: string): Promise<boolean> {
  const result = await db
    .updateTable('support_tickets')
    .set({ status, updated_at: now })
    .where('id', '=', ticketId)
    .where('status', '<>', 'closed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The ticket's owner, as support's answer needs them: who to notify and mail, and the subject. */
/** How the support inbox reaches a ticket's author. */
export function ticketAuthor(db: Queryable, userId: string): Promise<{ name: string; email: string; phone: string }> {
  return db.selectFrom('users').select(['name', 'email', 'phone']).where('id', '=', userId).executeTakeFirstOrThrow();
}

export async function ticketOwner(db: Queryable, ticketId: string): Promise<{ userId: string; name: string; email: string; language: Language; subject: string } | undefined> {
  return db
    .selectFrom('support_tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id as userId', 'u.name', 'u.email', 'u.language', 't.subject'])
    .where('t.id', '=', ticketId)
    .executeTakeFirst();
}

export interface SupportQueueItem {
  id: string;
  subject: string;
  category: string;
  status: TicketStatus;
  userName: string;
  userEmail: string;
  messages: number;
  updatedAt: string;
}

/** Every user's tickets in the given states, longest waiting first: support's queue. */
export async function listTicketsForSupport(db: Queryable, statuses: TicketStatus[]): Promise<SupportQueueItem[]> {
  const rows = await db
    .selectFrom('support_tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select((eb) => [
      't.id',
      't.subject',
      't.category',
      't.status',
      't.updated_at',
      'u.name',
      'u.email',
      eb.selectFrom('support_ticket_messages as m').select((inner) => inner.fn.countAll<number | string>().as('n')).whereRef('m.ticket_id', '=', 't.id').as('messages'),
    ])
    .where('t.status', 'in', statuses)
    .orderBy('t.updated_at', 'asc')
    .orderBy('t.id', 'asc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    category: row.category,
    status: row.status,
    userName: row.name,
    userEmail: row.email,
    messages: Number(row.messages),
    updatedAt: row.updated_at,
  }));
}
