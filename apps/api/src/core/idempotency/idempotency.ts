import { createHash } from 'node:crypto';
import { errorCodes, IDEMPOTENCY_HEADER, type ErrorBody, type PasskeyAssertion } from '@poisha/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { MovementTransaction } from '../../db/database.js';
import type { MovementTrx } from '../../db/group-commit.js';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Database, Queryable } from '../../db/schema.js';
import { AppError, BusinessRuleError, errorBodyOf } from '../errors.js';
import { isoAt, type Clock } from '../clock.js';
import type { PaymentPinGuard, PinRefusal } from '../payment-pin/payment-approval.js';
import { auditContext } from '../session/request-context.js';
import { requireAuth } from '../session/session-auth.js';

/** The answer given to a request, and to every retry of it: the status and the body sent. */
export interface Outcome<Body> {
  status: number;
  body: Body | ErrorBody;
  /** Answered from the store (a retry): nothing happened this time. */
  replayed?: true;
}

export interface IdempotencyRequest {
  userId: string;
  key: string;
  /** A hash of what was asked; the same key with another request is refused. */
  fingerprint: string;
  nowMs: number;
}

/** What a money-moving service gets besides its own command: who asks, the key, the time. */
export interface IdempotentCall {
  userId: string;
  idempotencyKey: string;
  nowMs: number;
}

/** The key from the Idempotency-Key header, required on every money-moving POST. */
function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string' || key.length === 0) {
    throw new AppError(errorCodes.idempotencyKeyRequired, 'Send an Idempotency-Key header with this request');
  }
  if (key.length > 255) {
    throw new AppError(errorCodes.validationFailed, 'The Idempotency-Key header must be at most 255 characters');
  }
  return key;
}

/**
 * Same method, path and (validated, normalised) body give the same fingerprint. A payment's PIN is
 * left out: it is checked on every try, and the stored record must not hold even a hash of it (5
 * digits are 100,000 guesses away from any hash).
 */
function fingerprintOf(request: FastifyRequest): string {
  const path = request.routeOptions.url ?? request.url;
  return createHash('sha256')
    .update(`${request.method} ${path} ${JSON.stringify(request.params ?? {})} ${JSON.stringify(withoutPin(request.body ?? null))}`)
    .digest('hex');
}

/** The approval (PIN or passkey) is left out: it is checked on every try, and never stored. */
function withoutPin(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('pin' in body || 'passkey' in body)) return body;
  const { pin: _pin, passkey: _passkey, ...rest } = body as Record<string, unknown>;
  return rest;
}

type Approval = { pin: string } | { passkey: PasskeyAssertion };

/** How a payment route's body approves it (its schema requires one of them: `paymentApprovalFields`). */
function approvalOf(request: FastifyRequest): Approval {
  const body = request.body as { pin?: unknown; passkey?: unknown } | null | undefined;
  if (typeof body?.pin === 'string') return { pin: body.pin };
  if (typeof body?.passkey === 'object' && body.passkey !== null) return { passkey: body.passkey as PasskeyAssertion };
  throw new Error(`${request.routeOptions.url}: a payment route's body needs the paymentApprovalFields`);
}

const reusedKey = () => new AppError(errorCodes.idempotencyKeyReused, 'This Idempotency-Key was already used for a different request');

/**
 * The one place money routes handle idempotency: reads the Idempotency-Key header, fingerprints
 * the request, runs `work` in one transaction with the key claimed, and sends the answer (the
 * fresh one with `successStatus`, a refusal, or the stored one of an earlier try).
 *
 * A payment (`config: { payment: true }`: money leaves the wallet) is approved by the owner's PIN
 * first, in the same transaction, on every try, a retry with the same key included (decision 0042):
 * a wrong PIN is counted and answered without claiming the key, so the same payment can be tried
 * again with the right PIN, and nothing of the PIN is stored with the key. A passkey may approve
 * instead (decision 0045): its signature is checked before the transaction, its challenge used up
 * inside it, by this key.
 *
 * `work` is a service: it takes the open transaction and the call, and returns its typed result
 * or throws a `BusinessRuleError` for a refusal.
 */
export function idempotentRoute(movements: MovementTransaction, clock: Clock, paymentPins?: PaymentPinGuard) {
  return async <Body>(
    request: FastifyRequest,
    reply: FastifyReply,
    successStatus: 200 | 201,
    work: (trx: Transaction<Database>, call: IdempotentCall) => Promise<Body>,
  ): Promise<FastifyReply> => {
    const config = request.routeOptions.config;
    // The OpenAPI document declares the Idempotency-Key header from this flag: a money route without it would hide the header from clients.
    if (config.idempotent !== true) throw new Error(`${request.routeOptions.url}: a money-moving route needs config: { idempotent: true }`);
    if (config.payment === true && !paymentPins) throw new Error(`${request.routeOptions.url}: a payment route needs the payment PIN guard`);
    const call: IdempotentCall = { userId: requireAuth(request).userId, idempotencyKey: idempotencyKeyOf(request), nowMs: clock() };
    const claim = { userId: call.userId, key: call.idempotencyKey, fingerprint: fingerprintOf(request), nowMs: call.nowMs };
    const approval = config.payment === true ? approvalOf(request) : undefined;
    const passkey = paymentPins && approval && 'passkey' in approval ? await paymentPins.verifyPasskey(call.userId, approval.passkey, call.idempotencyKey, call.nowMs) : undefined;

    const result = await movements(async (trx): Promise<Outcome<Body> | PinRefusal> => {
      if (paymentPins && approval) {
        const refusal =
          'pin' in approval
            ? await paymentPins.check(trx, { userId: call.userId, pin: approval.pin, field: 'pin', context: auditContext(request, call.nowMs) })
            : passkey && (await paymentPins.usePasskey(trx, passkey, { userId: call.userId, idempotencyKey: call.idempotencyKey, nowMs: call.nowMs }));
        if (refusal) return refusal;
      }
      return claimAndRun(trx, claim, successStatus, (claimed) => work(claimed, call));
    });
    if ('error' in result) {
      if (result.blockedUntilMs !== undefined) paymentPins?.tellBlocked(call.userId, result.blockedUntilMs, call.nowMs);
      throw result.error;
    }
    if (!result.replayed) request.server.metrics?.moneyOutcome(request, result);
    return reply.status(result.status).send(result.body);
  };
}

/**
 * Runs `work` once per (user, key) and stores its outcome in the same transaction. A retry gets
 * the stored outcome (same status, same body) and moves nothing. Refusals (`BusinessRuleError`)
 * are stored too, so a retry cannot turn a refusal into a success later; whatever `work` wrote
 * before refusing is rolled back to a savepoint first. Any other error rolls everything back,
 * the key included.
 *
 * It runs as a movement (`movementTransaction`): the outcome is answered only once committed.
 *
 * Concurrent requests with one key: on PostgreSQL the second insert waits for the first
 * transaction and then finds its row; on SQLite movements run one after the other (in one batch
 * the second finds the first's stored outcome).
 */
export function runIdempotent<Body>(
  movements: MovementTransaction,
  request: IdempotencyRequest,
  successStatus: number,
  work: (trx: Transaction<Database>) => Promise<Body>,
): Promise<Outcome<Body>> {
  return movements((trx) => claimAndRun(trx, request, successStatus, work));
}

async function claimAndRun<Body>(
  trx: MovementTrx,
  request: IdempotencyRequest,
  successStatus: number,
  work: (trx: Transaction<Database>) => Promise<Body>,
): Promise<Outcome<Body>> {
  const [claimed] = await claimKey(trx, { userId: request.userId, key: request.key, fingerprint: request.fingerprint, createdAt: isoAt(request.nowMs) });

  if (!claimed) {
    const stored = await trx
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'status_code', 'response_body'])
      .where('user_id', '=', request.userId)
      .where('idem_key', '=', request.key)
      .executeTakeFirstOrThrow();
    if (stored.fingerprint !== request.fingerprint) throw reusedKey();
    if (stored.status_code === null || stored.response_body === null) throw new Error('idempotency key claimed without an outcome');
    return { status: stored.status_code, body: JSON.parse(stored.response_body) as Body | ErrorBody, replayed: true };
  }

  const beforeWork = await trx.savepoint('before_work').execute();
  let outcome: Outcome<Body>;
  try {
    outcome = { status: successStatus, body: await work(beforeWork) };
  } catch (error) {
    if (!(error instanceof BusinessRuleError)) throw error;
    await beforeWork.rollbackToSavepoint('before_work').execute();
    outcome = { status: error.statusCode, body: errorBodyOf(error) };
  }
  await storeOutcome(trx, { userId: request.userId, key: request.key, status: outcome.status, body: JSON.stringify(outcome.body) });
  return outcome;
}

/** Every money-moving request claims its key and stores its outcome: compiled once (db/compiled-once.ts). */
const claimKey = compiledOnce((db: Queryable, { userId, key, fingerprint, createdAt }: { userId: string; key: string; fingerprint: string; createdAt: string }) =>
  db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, idem_key: key, fingerprint, status_code: null, response_body: null, created_at: createdAt })
    .onConflict((conflict) => conflict.columns(['user_id', 'idem_key']).doNothing())
    .returning('idem_key'),
);
const storeOutcome = compiledOnce((db: Queryable, { userId, key, status, body }: { userId: string; key: string; status: number; body: string }) =>
  db.updateTable('idempotency_keys').set({ status_code: status, response_body: body }).where('user_id', '=', userId).where('idem_key', '=', key),
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route moves money through `idempotentRoute`: it needs an Idempotency-Key header (declared in the OpenAPI document). */
    idempotent?: boolean;
    /** Money leaves the wallet: the body carries the owner's PIN, checked before anything moves (decision 0042). */
    payment?: boolean;
  }
}
