import {
  errorCodes,
  phoneProofMessages,
  maskedName,
  pageCount,
  REQUEST_LIMITS,
  requestMessages,
  type BlockedRequesters,
  type BlockedRequester,
  type MoneyRequest,
  type MoneyRequestDirection,
  type MoneyRequestsPage,
  type PaidRequest,
} from '@poisha/contracts';
import type { Kysely, Transaction } from 'kysely';
import { moveMoney } from '../../core/ledger/ledger.js';
import { money } from '../../core/ledger/money.js';
import { lockWalletsOf } from '../../core/ledger/wallets.js';
import { notify } from '../../core/notifications/notify.js';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';
import { findWalletOwnerByPhone, transferParties } from '../../core/users/wallet-owners.js';
import type { Database, Queryable } from '../../db/schema.js';
import { runTransaction } from '../../db/conflict-retry.js';
import { present } from '../../db/values.js';
import { AppError, BusinessRuleError, notFound } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import {
  countPendingBetween,
  countRequests,
  decidePendingRequest,
  deleteBlock,
  findRequest,
  insertBlock,
  insertRequest,
  isBlocked,
  listBlocks,
  listRequests,
  recordPayment,
  type RequestRow,
} from './money-requests.repository.js';
import { expiryOf, requestStatusAt } from './request-status.js';

function toView(row: RequestRow, direction: MoneyRequestDirection, nowMs: number): MoneyRequest {
  // Asking a number for money must not tell whose it is: the asker sees the masked name, as in a
  // recipient lookup, until the wallet has paid (then the statement names it anyway).
  const payerName = row.status === 'paid' ? row.payer_name : maskedName(row.payer_name);
  const other = direction === 'received' ? { name: row.requester_name, phone: row.requester_phone } : { name: payerName, phone: row.payer_phone };
  return {
    id: row.id,
    direction,
    amount: money(row.amount),
    note: row.note,
    status: requestStatusAt(row.status, row.expires_at, nowMs),
    counterparty: other,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    resolvedAt: row.resolved_at,
    transferId: row.transfer_id,
  };
}

/** Already paid, declined, cancelled or expired: the state changed under the user's feet (409). */
const notPending = () => new AppError(errorCodes.requestNotPending, requestMessages.notPending);

async function requireRequest(db: Queryable, userId: string, side: MoneyRequestDirection, id: string): Promise<RequestRow> {
  const row = await findRequest(db, userId, side, id);
  if (!row) throw notFound('Money request');
  return row;
}

export interface PayRequestCommand {
  payerId: string;
  requestId: string;
  nowMs: number;
}

const blockedView = (row: { name: string; phone: string; created_at: string }): BlockedRequester => ({ phone: row.phone, name: row.name, blockedAt: row.created_at });

/** The wallet behind a number the user wants to block or unblock (never their own). */
async function requesterByPhone(db: Queryable, userId: string, phone: string) {
  const requester = await findWalletOwnerByPhone(db, phone);
  if (!requester) throw new BusinessRuleError(errorCodes.unknownRecipient, requestMessages.noWallet, { phone: requestMessages.noWallet });
  if (requester.userId === userId) throw new BusinessRuleError(errorCodes.selfRequest, requestMessages.ownNumberBlocked, { phone: requestMessages.ownNumberBlocked });
  return requester;
}

/** Money requests between wallets: ask, pay (moves money), decline, cancel, and blocking a requester. */
export function createMoneyRequestsService({ db }: { db: Kysely<Database> }) {
  return {
    async page(userId: string, query: { direction: MoneyRequestDirection; page: number; pageSize: number }, nowMs: number): Promise<MoneyRequestsPage> {
      const { direction, page, pageSize } = query;
      const [total, rows] = await Promise.all([
        countRequests(db, userId, direction),
        listRequests(db, userId, direction, { limit: pageSize, offset: page * pageSize }),
      ]);
      return { items: rows.map((row) => toView(row, direction, nowMs)), total, page, pageSize, pageCount: pageCount(total, pageSize) };
    },

    /**
     * Asks the wallet behind a phone number for money; the asked wallet hears of it in the same
     * transaction. Limits (decision 0033): every attempt counts against the requester's hourly limit;
     * a pair has at most 3 requests waiting; a delivered request counts against the payer's hourly
     * limit. A request from a requester the payer blocked is kept and shown to its requester as
     * pending, but never reaches the payer: no list, no notification, no count.
     */
    async create(userId: string, input: { from: string; amountCents: number; note: string }, nowMs: number): Promise<MoneyRequest> {
      await consumeRateLimits(db, nowMs, [{ limit: limits.moneyRequestsPerRequester, subject: userId }]);
      return runTransaction(db, async (trx) => {
        // Both people in one query: the payer behind the number, and the requester the payer hears from.
        const { sender: requester, recipient: payer } = await transferParties(trx, userId, input.from);
        if (!payer) throw new BusinessRuleError(errorCodes.unknownRecipient, requestMessages.noWallet, { from: requestMessages.noWallet });
        if (payer.userId === userId) throw new BusinessRuleError(errorCodes.selfRequest, requestMessages.ownNumber, { from: requestMessages.ownNumber });
        // The payer pays the number they see: a number nobody proved must not collect money (decision 0041).
        if (!requester.phoneVerified) throw new BusinessRuleError(errorCodes.phoneNotVerified, phoneProofMessages.confirmBeforeRequesting);
        // Both wallets first (decision 0032): requests between the two wait for each other here, so
        // parallel requests cannot all count 2 waiting and make it 4.
        await lockWalletsOf(trx, [userId, payer.userId]);
        if ((await countPendingBetween(trx, userId, payer.userId, isoAt(nowMs))) >= REQUEST_LIMITS.pendingPerPair) {
          throw new BusinessRuleError(errorCodes.tooManyPendingRequests, requestMessages.tooManyPending, { from: requestMessages.tooManyPending });
        }
        const withheld = await isBlocked(trx, payer.userId, userId);
        // Inside the transaction: a refused request gives its count back with the rollback.
        if (!withheld) await consumeRateLimits(trx, nowMs, [{ limit: limits.moneyRequestsPerPayer, subject: payer.userId }]);

        const id = crypto.randomUUID();
        await insertRequest(trx, {
          id,
          requester_id: userId,
          payer_id: payer.userId,
          amount: input.amountCents,
          note: input.note,
          status: 'pending',
          created_at: isoAt(nowMs),
          expires_at: expiryOf(nowMs),
          resolved_at: null,
          transfer_id: null,
          withheld_at: withheld ? isoAt(nowMs) : null,
        });
        if (!withheld) await notify(trx, { userId: payer.userId, kind: 'request_received', amountCents: input.amountCents, counterparty: { name: requester.name, phone: requester.phone }, requestId: id, nowMs });
        return toView(await requireRequest(trx, userId, 'sent', id), 'sent', nowMs);
      });
    },

    /**
     * Pays a request received, inside the caller's (idempotent) transaction: the request leaves
     * "pending" first, by a conditional update, so whatever races it (a second Pay, a Cancel) it is
     * paid at most once; then the money moves through the ledger and the requester is told. A refusal
     * (insufficient funds) rolls all of it back and the request stays pending.
     */
    async pay(trx: Transaction<Database>, command: PayRequestCommand): Promise<PaidRequest> {
      const { payerId, requestId, nowMs } = command;
      const request = await requireRequest(trx, payerId, 'received', requestId);
      // Both wallets before the request's row: closing an account locks its wallet first and then its
      // pending requests, so the other order deadlocked (issue 24, defect 7; decision 0032).
      const [payerWallet, requesterWallet] = await lockWalletsOf(trx, [payerId, request.requester_id]);
      const claimed = await decidePendingRequest(trx, { id: requestId, side: 'received', userId: payerId, status: 'paid', nowIso: isoAt(nowMs) });
      if (!claimed) throw notPending();

      const moved = await moveMoney(trx, {
        kind: 'transfer',
        debit: payerWallet,
        credit: requesterWallet,
        amountCents: request.amount,
        reference: request.note || null,
        initiatedBy: payerId,
        nowMs,
      });
      await recordPayment(trx, requestId, moved.transferId);
      // One notification: "paid your request" says the money arrived too (issue 24, defect 5).
      await notify(trx, {
        userId: request.requester_id,
        kind: 'request_paid',
        amountCents: request.amount,
        counterparty: { name: request.payer_name, phone: request.payer_phone },
        requestId,
        transferId: moved.transferId,
        nowMs,
      });

      return {
        request: toView(await requireRequest(trx, payerId, 'received', requestId), 'received', nowMs),
        balanceAfter: money(present(moved.debitBalanceAfter, 'pay request: payer wallet balance after')),
      };
    },

    /**
     * Declines (payer) or cancels (requester) a pending request and tells the other side, in one
     * transaction. Someone else's request is 404; a request already decided or expired is 409.
     */
    close(userId: string, requestId: string, decision: 'declined' | 'cancelled', nowMs: number): Promise<MoneyRequest> {
      const side: MoneyRequestDirection = decision === 'declined' ? 'received' : 'sent';
      return runTransaction(db, async (trx) => {
        const request = await requireRequest(trx, userId, side, requestId);
        const closed = await decidePendingRequest(trx, { id: requestId, side, userId, status: decision, nowIso: isoAt(nowMs) });
        if (!closed) throw notPending();
        const toRequester = side === 'received';
        await notify(trx, {
          userId: toRequester ? request.requester_id : request.payer_id,
          kind: decision === 'declined' ? 'request_declined' : 'request_cancelled',
          amountCents: request.amount,
          counterparty: toRequester ? { name: request.payer_name, phone: request.payer_phone } : { name: request.requester_name, phone: request.requester_phone },
          requestId,
          nowMs,
        });
        return toView(await requireRequest(trx, userId, side, requestId), side, nowMs);
      });
    },

    /** "Block requests from this number": its requests waiting and to come are withheld from the user. */
    block(userId: string, phone: string, nowMs: number): Promise<BlockedRequester> {
      return runTransaction(db, async (trx) => {
        const requester = await requesterByPhone(trx, userId, phone);
        const blockedAt = await insertBlock(trx, userId, requester.userId, isoAt(nowMs));
        return blockedView({ name: requester.name, phone: requester.phone, created_at: blockedAt });
      });
    },

    /** Lets requests from the number reach the user again (those withheld meanwhile stay withheld). */
    async unblock(userId: string, phone: string): Promise<void> {
      const requester = await findWalletOwnerByPhone(db, phone);
      if (!requester || !(await deleteBlock(db, userId, requester.userId))) throw notFound('Blocked number');
    },

    async blocked(userId: string): Promise<BlockedRequesters> {
      return { items: (await listBlocks(db, userId)).map(blockedView) };
    },
  };
}

export type MoneyRequestsService = ReturnType<typeof createMoneyRequestsService>;
