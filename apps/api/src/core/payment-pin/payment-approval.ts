import type { KeyObject } from 'node:crypto';
import { errorCodes, paymentPinMessages, wrongPinMessage, type PasskeyAssertion } from '@poisha/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Queryable } from '../../db/schema.js';
import { mailTexts } from '../../mail/mail-texts.js';
import type { Mailer } from '../../mail/mailer.js';
import { recordAudit, type AuditContext } from '../audit/audit-log.js';
import { isoAt } from '../clock.js';
import { AppError } from '../errors.js';
import { passkeyNotAccepted, verifyAssertion, type RelyingParty, type VerifiedAssertion } from '../passkeys/passkey-ceremony.js';
import { recordPasskeyUse, useChallenge } from '../passkeys/passkeys.repository.js';
import { limits } from '../rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../rate-limit/rate-limiter.js';
import { findUserById } from '../users/users.repository.js';
import { activeBlockUntil, afterWrongPin, paymentPinKey, paymentPinMatches, triesLeft } from './payment-pin.js';
import { lockPaymentPin, saveTries } from './payment-pin.repository.js';

/** A PIN that did not approve: the answer to give, after the transaction that counted the try has committed. */
export interface PinRefusal {
  error: AppError;
  /** This try blocked payments, until then: the owner is mailed once the block is stored. */
  blockedUntilMs?: number;
}

export interface PinAttempt {
  userId: string;
  pin: string;
  /** The request's field the PIN came in (`pin`, `currentPin`): the refusal names it. */
  field: string;
  context: AuditContext;
}

const notSet = (field: string) => new AppError(errorCodes.paymentPinNotSet, paymentPinMessages.notSet, { [field]: paymentPinMessages.notSet });

function blocked(field: string, untilMs: number, nowMs: number, sentence: string): AppError {
  const message = `${sentence} Payments are blocked until ${isoAt(untilMs)}; reset your PIN in Settings to pay sooner.`;
  const seconds = Math.max(1, Math.ceil((untilMs - nowMs) / 1000));
  return new AppError(errorCodes.paymentPinBlocked, message, { [field]: message }, { 'retry-after': String(seconds) });
}

/**
 * Checks a PIN inside the transaction of what it approves (a payment, a change of PIN), with the
 * account's PIN row locked first, so parallel guesses are counted one at a time: once 3 wrong ones
 * in a row have blocked payments, no later guess is compared at all. Answers null when the PIN
 * approves; otherwise the refusal, whose counted try the caller commits (it returns rather than
 * throws, so the transaction keeps the count) and then throws.
 */
export async function checkPaymentPin(trx: Queryable, key: KeyObject, attempt: PinAttempt): Promise<PinRefusal | null> {
  const { userId, pin, field, context } = attempt;
  const nowMs = context.nowMs;
  const stored = await lockPaymentPin(trx, userId);
  if (!stored) return { error: notSet(field) };
  const blockedUntilMs = activeBlockUntil(stored.tries, nowMs);
  if (blockedUntilMs !== null) return { error: blocked(field, blockedUntilMs, nowMs, paymentPinMessages.blocked + '.') };

  if (paymentPinMatches(key, userId, pin, stored.pinHash)) {
    // Only a payment after a wrong PIN writes here: the everyday payment just reads the row.
    if (stored.tries.wrongInRow > 0 || stored.tries.blockedUntilMs !== null) {
      await saveTries(trx, userId, { ...stored.tries, wrongInRow: 0, blockedUntilMs: null });
    }
    return null;
  }

  const next = afterWrongPin(stored.tries, nowMs);
  await saveTries(trx, userId, next.tries);
  await recordAudit(trx, context, next.blocked ? 'payment_pin_blocked' : 'payment_pin_wrong', userId);
  if (next.blocked && next.tries.blockedUntilMs !== null) {
    const untilMs = next.tries.blockedUntilMs;
    return { error: blocked(field, untilMs, nowMs, `${paymentPinMessages.wrongPin}.`), blockedUntilMs: untilMs };
  }
  const message = wrongPinMessage(triesLeft(next.tries));
  return { error: new AppError(errorCodes.wrongPaymentPin, message, { [field]: message }) };
}

/**
 * A payment approved by a passkey instead of the PIN (decision 0045), in its transaction: a block
 * after 3 wrong PINs holds (it blocks payments, whatever approves them), and the challenge is used
 * up by this payment's Idempotency-Key (a retry of the same payment may show it again, nothing else
 * may).
 */
export async function usePasskeyApproval(trx: Queryable, verified: VerifiedAssertion, attempt: { userId: string; idempotencyKey: string; nowMs: number }): Promise<PinRefusal | null> {
  const stored = await lockPaymentPin(trx, attempt.userId);
  const blockedUntilMs = stored ? activeBlockUntil(stored.tries, attempt.nowMs) : null;
  if (blockedUntilMs !== null) return { error: blocked('pin', blockedUntilMs, attempt.nowMs, paymentPinMessages.blocked + '.') };
  if (!(await useChallenge(trx, verified.challengeHash, attempt.nowMs, attempt.idempotencyKey))) return { error: passkeyNotAccepted() };
  await recordPasskeyUse(trx, verified.passkey.id, verified.newSignCount, attempt.nowMs);
  return null;
}

export interface PaymentPinGuardDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** IDENTITY_HASH_SECRET: the PINs' hash key is derived from it. */
  identityHashSecret: string;
  /** Where passkeys are used (PASSKEY_ORIGIN). */
  relyingParty: RelyingParty;
}

/** What every payment route is given (app.ts builds it once): the PIN check, a passkey's, and the mail after a block. */
export function createPaymentPinGuard({ db, mailer, log, identityHashSecret, relyingParty }: PaymentPinGuardDeps) {
  const key = paymentPinKey(identityHashSecret);
  return {
    key,
    check: (trx: Queryable, attempt: PinAttempt) => checkPaymentPin(trx, key, attempt),

    /**
     * Before the payment's transaction (signature checks are CPU, not for inside a batch): the
     * passkey's answer to a payment challenge of this owner. A refused one is counted (10 an hour
     * per account) and answered 422 `passkey_not_accepted`; the same key can then be tried again.
     */
    async verifyPasskey(userId: string, assertion: PasskeyAssertion, idempotencyKey: string, nowMs: number): Promise<VerifiedAssertion> {
      const verified = await verifyAssertion(db, relyingParty, { assertion, purpose: 'payment', userId, nowMs, usedFor: idempotencyKey });
      if (verified) return verified;
      await consumeRateLimits(db, nowMs, [{ limit: limits.passkeyRefusalsPerAccount, subject: userId }]);
      throw passkeyNotAccepted();
    },
    usePasskey: usePasskeyApproval,

    /**
     * After the try that blocked payments has committed: the owner learns of it by mail (someone
     * may be guessing with their phone), sent outside every transaction; a failure is logged.
     */
    tellBlocked(userId: string, untilMs: number, nowMs: number): void {
      void (async () => {
        const user = await findUserById(db, userId);
        if (!user) return;
        const hours = Math.round((untilMs - nowMs) / 3_600_000);
        await mailer.send({ to: user.email, ...mailTexts.paymentPinBlocked(user.language, { name: user.name, hours }) });
      })().catch((error: unknown) => log.error({ err: error }, 'payment pin block mail not sent'));
    },
  };
}

export type PaymentPinGuard = ReturnType<typeof createPaymentPinGuard>;
