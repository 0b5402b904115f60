import { paymentPinMessages, paymentPinWeakness, PAYMENT_PIN_TRIES, errorCodes, type PaymentPinStatus, type PhoneCodeSent } from '@poisha/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { recordAudit, type AuditContext } from '../../core/audit/audit-log.js';
import { isoAt } from '../../core/clock.js';
import { AppError, validationFailed } from '../../core/errors.js';
import { checkOneTimeCode, issueOneTimeCode } from '../../core/one-time-codes/issue-and-check.js';
import { codeRules, oneTimeCodeKey } from '../../core/one-time-codes/one-time-codes.js';
import { markCodeUsed } from '../../core/one-time-codes/one-time-codes.repository.js';
import type { PaymentPinGuard, PinRefusal } from '../../core/payment-pin/payment-approval.js';
import { activeBlockUntil, hashPaymentPin, triesLeft } from '../../core/payment-pin/payment-pin.js';
import { findPaymentPin, insertPaymentPin, replacePaymentPin } from '../../core/payment-pin/payment-pin.repository.js';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';
import { checkCurrentPassword } from '../../core/users/current-password.js';
import type { SmsGateway } from '../../sms/sms-gateway.js';
import { smsTexts } from '../../sms/sms-texts.js';

export interface PaymentPinDeps {
  db: Kysely<Database>;
  sms: SmsGateway;
  log: FastifyBaseLogger;
  paymentPins: PaymentPinGuard;
  /** IDENTITY_HASH_SECRET: the reset codes' hash key is derived from it. */
  identityHashSecret: string;
}

/**
 * The payment PIN of the signed-in account (decision 0042): chosen once after sign-up, changed with
 * the one in use, reset with the password and a code sent by SMS (which also lifts a block). Each
 * payment checks it through the guard (core/payment-pin) in the payment's own transaction.
 */
export function createPaymentPinService({ db, sms, log, paymentPins, identityHashSecret }: PaymentPinDeps) {
  const codeKey = oneTimeCodeKey(identityHashSecret);


  /** The rule only the server can check: not the end of the account's phone number. */
  function refuseWeakPin(pin: string, phone: string, field: string) {
    const weakness = paymentPinWeakness(pin, phone);
    if (weakness) throw validationFailed({ [field]: weakness }, weakness);
  }

  async function status(userId: string, nowMs: number): Promise<PaymentPinStatus> {
    const stored = await findPaymentPin(db, userId);
    if (!stored) return { set: false, blockedUntil: null, triesLeft: PAYMENT_PIN_TRIES };
    const blockedUntilMs = activeBlockUntil(stored.tries, nowMs);
    return { set: true, blockedUntil: blockedUntilMs === null ? null : isoAt(blockedUntilMs), triesLeft: triesLeft(stored.tries) };
  }

  /** Throws a refusal counted in a transaction that has committed; mails the owner if it blocked payments. */
  function refuse(userId: string, refusal: PinRefusal, nowMs: number): never {
    if (refusal.blockedUntilMs !== undefined) paymentPins.tellBlocked(userId, refusal.blockedUntilMs, nowMs);
    throw refusal.error;
  }

  return {
    status,

    /** The first PIN: 409 once one is set (a second choice would be a change without the old PIN). */
    async set(user: UserRow, pin: string, context: AuditContext): Promise<PaymentPinStatus> {
      const userId = user.id;
      refuseWeakPin(pin, user.phone, 'pin');
      await db.transaction().execute(async (trx) => {
        if (!(await insertPaymentPin(trx, userId, hashPaymentPin(paymentPins.key, userId, pin), context.nowMs))) {
          throw new AppError(errorCodes.paymentPinAlreadySet, paymentPinMessages.alreadySet);
        }
        await recordAudit(trx, context, 'payment_pin_set', userId);
      });
      return status(userId, context.nowMs);
    },

    /**
     * A new PIN, approved by the one in use: checked like a payment's (a wrong one counts towards the
     * block, a blocked account cannot change it), in the transaction that replaces it, so a payment
     * racing the change is checked against one PIN or the other, never half of each.
     */
    async change(user: UserRow, input: { currentPin: string; newPin: string }, context: AuditContext): Promise<PaymentPinStatus> {
      const userId = user.id;
      refuseWeakPin(input.newPin, user.phone, 'newPin');
      const refusal = await db.transaction().execute(async (trx) => {
        const refused = await paymentPins.check(trx, { userId, pin: input.currentPin, field: 'currentPin', context });
        if (refused) return refused;
        if (input.newPin === input.currentPin) throw validationFailed({ newPin: paymentPinMessages.samePin }, paymentPinMessages.samePin);
        await replacePaymentPin(trx, userId, hashPaymentPin(paymentPins.key, userId, input.newPin), context.nowMs);
        await recordAudit(trx, context, 'payment_pin_changed', userId);
        return null;
      });
      if (refusal) refuse(userId, refusal, context.nowMs);
      return status(userId, context.nowMs);
    },

    /** A code by SMS to the account's number, for a reset (the same limits as every SMS code). */
    async sendResetCode(user: UserRow, context: AuditContext): Promise<PhoneCodeSent> {
      const userId = user.id;
      await consumeRateLimits(db, context.nowMs, [{ limit: limits.phoneCodesPerUser, subject: userId }]);
      const issued = await issueOneTimeCode(db, codeKey, { userId, purpose: 'payment_pin_reset', target: user.phone, nowMs: context.nowMs });
      await recordAudit(db, context, 'payment_pin_reset_code_sent', userId);
      try {
        await sms.send({ to: user.phone, text: smsTexts.paymentPinResetCode(user.language, { code: issued.code, minutes: codeRules.ttlMs / 60_000 }) });
      } catch (error) {
        log.error({ err: error }, 'payment pin reset sms could not be sent');
      }
      return { phone: user.phone, expiresAt: isoAt(issued.expiresAtMs), resendAt: isoAt(issued.resendAtMs) };
    },

    /**
     * A forgotten or blocked PIN: the password and the SMS code together set a new one (a stolen
     * session alone has neither) and lift a block. Also sets a first PIN.
     */
    async reset(user: UserRow, input: { currentPassword: string; code: string; newPin: string }, context: AuditContext): Promise<PaymentPinStatus> {
      const userId = user.id;
      await checkCurrentPassword(db, user, input.currentPassword, 'currentPassword', context.nowMs);
      refuseWeakPin(input.newPin, user.phone, 'newPin');
      const checked = await checkOneTimeCode(db, codeKey, { userId, purpose: 'payment_pin_reset', code: input.code, nowMs: context.nowMs });
      await db.transaction().execute(async (trx) => {
        if (!(await markCodeUsed(trx, checked.id, context.nowMs))) {
          throw new AppError(errorCodes.phoneCodeExpired, paymentPinMessages.codeUsed, { code: paymentPinMessages.codeUsed });
        }
        const pinHash = hashPaymentPin(paymentPins.key, userId, input.newPin);
        if (!(await insertPaymentPin(trx, userId, pinHash, context.nowMs))) await replacePaymentPin(trx, userId, pinHash, context.nowMs);
        await recordAudit(trx, context, 'payment_pin_reset', userId);
      });
      return status(userId, context.nowMs);
    },
  };
}

export type PaymentPinService = ReturnType<typeof createPaymentPinService>;
