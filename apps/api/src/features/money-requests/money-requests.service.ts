import { errorCodes, pageCount, requestMessages, type Money, type MoneyRequest, type MoneyRequestDirection, type MoneyRequestsPage, type PaidRequest } from '@poisha/contracts';
import type { Kysely, Transaction } from 'kysely';
import { notify } from '../../core/notifications/notify.js';
import { findWalletOwnerByPhone } from '../../core/users/wallet-owners.js';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isoAt } from '../../http/clock.js';
import { runIdempotent, type Outcome } from '../../modules/idempotency/idempotency.js';
import { moveMoney } from '../../modules/ledger/ledger.js';
import { walletOf } from '../../modules/ledger/wallets.js';
import { countRequests, decidePendingRequest, findRequest, insertRequest, listRequests, recordPayment, type RequestRow } from './money-requests.repository.js';
import { expiryOf, requestStatusAt } from './request-status.js';

const usd = (amount: number): Money => ({ amount, currency: 'USD' });

function toView(row: RequestRow, direction: MoneyRequestDirection, now: number): MoneyRequest {
  const other = direction === 'received' ? { name: row.requester_name, phone: row.requester_phone } : { name: row.payer_name, phone: row.payer_phone };
  return {
    id: row.id,
    direction,
    amount: usd(row.amount),
    note: row.note,
    status: requestStatusAt(row.status, row.expires_at, now),
    counterparty: other,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    resolvedAt: row.resolved_at,
    transferId: row.transfer_id,
  };
}

const notPending = () => new AppError(409, errorCodes.requestNotPending, requestMessages.notPending);

export async function requestsPage(
  db: Kysely<Database>,
  userId: string,
  query: { direction: MoneyRequestDirection; page: number; pageSize: number },
  now: number,
): Promise<MoneyRequestsPage> {
  const { direction, page, pageSize } = query;
  const [total, rows] = await Promise.all([
    countRequests(db, userId, direction),
    listRequests(db, userId, direction, { limit: pageSize, offset: page * pageSize }),
  ]);
  return { items: rows.map((row) => toView(row, direction, now)), total, page, pageSize, pageCount: pageCount(total, pageSize) };
}

/** Asks the wallet behind a phone number for money; the asked wallet hears of it in the same transaction. */
export function createRequest(
  db: Kysely<Database>,
  userId: string,
  input: { from: string; amount: number; note: string },
  now: number,
): Promise<MoneyRequest> {
  return db.transaction().execute(async (trx) => {
    const payer = await findWalletOwnerByPhone(trx, input.from);
    if (!payer) throw new AppError(422, errorCodes.unknownRecipient, requestMessages.noWallet, { from: requestMessages.noWallet });
    if (payer.userId === userId) throw new AppError(422, errorCodes.selfRequest, requestMessages.ownNumber, { from: requestMessages.ownNumber });
    const requester = await trx.selectFrom('users').select(['name', 'phone']).where('id', '=', userId).executeTakeFirstOrThrow();

    const id = crypto.randomUUID();
    await insertRequest(trx, {
      id,
      requester_id: userId,
      payer_id: payer.userId,
      amount: input.amount,
      note: input.note,
      status: 'pending',
      created_at: isoAt(now),
      expires_at: expiryOf(now),
      resolved_at: null,
      transfer_id: null,
    });
    await notify(trx, { userId: payer.userId, kind: 'request_received', amount: input.amount, counterparty: requester, requestId: id, now });
    return toView(await requireRequest(trx, userId, 'sent', id), 'sent', now);
  });
}

async function requireRequest(db: Kysely<Database> | Transaction<Database>, userId: string, side: MoneyRequestDirection, id: string) {
  const row = await findRequest(db, userId, side, id);
  if (!row) throw notFound('Money request');
  return row;
}

export interface PayRequest {
  payerId: string;
  requestId: string;
  idempotencyKey: string;
  fingerprint: string;
  now: number;
}

/**
 * Pays a request received: in one transaction, the request leaves "pending" (a conditional update,
 * so it is paid at most once whatever races it), the money moves through the ledger, and the
 * requester is told. A refusal (insufficient funds) rolls all of it back and the request stays
 * pending; the idempotency key makes a retried Pay answer the same without paying again.
 */
export function payRequest(db: Kysely<Database>, command: PayRequest): Promise<Outcome<PaidRequest>> {
  const { payerId, requestId, now } = command;
  return runIdempotent<PaidRequest>(db, { userId: payerId, key: command.idempotencyKey, fingerprint: command.fingerprint, now }, async (trx) => {
    const request = await requireRequest(trx, payerId, 'received', requestId);
    const claimed = await decidePendingRequest(trx, { id: requestId, side: 'received', userId: payerId, status: 'paid', nowIso: isoAt(now) });
    if (!claimed) throw notPending();

    const [payerWallet, requesterWallet] = await Promise.all([walletOf(trx, payerId), walletOf(trx, request.requester_id)]);
    const moved = await moveMoney(trx, {
      kind: 'transfer',
      debit: payerWallet,
      credit: requesterWallet,
      amount: request.amount,
      reference: request.note || null,
      initiatedBy: payerId,
      now,
    });
    await recordPayment(trx, requestId, moved.transferId);
    const payer = { name: request.payer_name, phone: request.payer_phone };
    const event = { userId: request.requester_id, amount: request.amount, counterparty: payer, requestId, transferId: moved.transferId, now };
    await notify(trx, { ...event, kind: 'money_received' });
    await notify(trx, { ...event, kind: 'request_paid' });

    const paid = toView(await requireRequest(trx, payerId, 'received', requestId), 'received', now);
    if (moved.debitBalanceAfter === null) throw new Error('payRequest: the payer wallet has no balance after the movement');
    return { status: 200, body: { request: paid, balanceAfter: usd(moved.debitBalanceAfter) } };
  });
}

/**
 * Declines (payer) or cancels (requester) a pending request and tells the other side, in one
 * transaction. Someone else's request is 404; a request already decided or expired is 409.
 */
export function closeRequest(
  db: Kysely<Database>,
  userId: string,
  requestId: string,
  decision: 'declined' | 'cancelled',
  now: number,
): Promise<MoneyRequest> {
  const side: MoneyRequestDirection = decision === 'declined' ? 'received' : 'sent';
  return db.transaction().execute(async (trx) => {
    const request = await requireRequest(trx, userId, side, requestId);
    const closed = await decidePendingRequest(trx, { id: requestId, side, userId, status: decision, nowIso: isoAt(now) });
    if (!closed) throw notPending();
    const toRequester = side === 'received';
    await notify(trx, {
      userId: toRequester ? request.requester_id : request.payer_id,
      kind: decision === 'declined' ? 'request_declined' : 'request_cancelled',
      amount: request.amount,
      counterparty: toRequester ? { name: request.payer_name, phone: request.payer_phone } : { name: request.requester_name, phone: request.requester_phone },
      requestId,
      now,
    });
    return toView(await requireRequest(trx, userId, side, requestId), side, now);
  });
}
