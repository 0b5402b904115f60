import { errorCodes, phoneProofMessages, type Language, type PhoneCodeSent, type User } from '@poisha/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { uniqueViolationColumn } from '../../db/errors.js';
import type { Database, UserRow } from '../../db/schema.js';
import { recordAudit, type AuditContext } from '../../core/audit/audit-log.js';
import { isoAt } from '../../core/clock.js';
import { AppError, unauthenticated } from '../../core/errors.js';
import { checkOneTimeCode, issueOneTimeCode } from '../../core/one-time-codes/issue-and-check.js';
import { codeRules, oneTimeCodeKey } from '../../core/one-time-codes/one-time-codes.js';
import { markCodeUsed } from '../../core/one-time-codes/one-time-codes.repository.js';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';
import { walletOf } from '../../core/ledger/wallets.js';
import { checkCurrentPassword } from '../../core/users/current-password.js';
import { findProvenPhoneHolder, findUserWithBalance } from '../../core/users/users.repository.js';
import { toUserView } from '../../core/users/user-view.js';
import type { SmsGateway } from '../../sms/sms-gateway.js';
import { smsTexts } from '../../sms/sms-texts.js';
import { markPhoneProven } from './phone-proof.repository.js';
import { bonusEarned, creditWelcomeBonus } from './welcome-bonus.js';

export interface PhoneProofDeps {
  db: Kysely<Database>;
  sms: SmsGateway;
  log: FastifyBaseLogger;
  /** IDENTITY_HASH_SECRET: the codes' hash key is derived from it. */
  identityHashSecret: string;
  emailVerification: 'required' | 'off';
}

export const phoneTaken = () =>
  new AppError(errorCodes.phoneTaken, 'This phone number is already registered', { phone: 'This phone number is already registered' });

/**
 * A phone number proven by a code sent to it by SMS (decision 0041): at sign-up, when the owner asks
 * again, and for a new number from Settings, which becomes the wallet's number only once proven (the
 * old one keeps working meanwhile). The proof that comes after the e-mail's verification (or alone,
 * with EMAIL_VERIFICATION=off) pays the welcome bonus.
 */
export function createPhoneProofService({ db, sms, log, identityHashSecret, emailVerification }: PhoneProofDeps) {
  const key = oneTimeCodeKey(identityHashSecret);

  /** Issues a code for the number and sends it, after the code's transaction has committed. */
  async function sendCode(user: { id: string; language: Language }, phone: string, context: AuditContext): Promise<PhoneCodeSent> {
    await consumeRateLimits(db, context.nowMs, [{ limit: limits.phoneCodesPerUser, subject: user.id }]);
    const issued = await issueOneTimeCode(db, key, { userId: user.id, purpose: 'phone', target: phone, nowMs: context.nowMs });
    await recordAudit(db, context, 'phone_code_sent', user.id);
    try {
      await sms.send({ to: phone, text: smsTexts.phoneCode(user.language, { code: issued.code, minutes: codeRules.ttlMs / 60_000 }) });
    } catch (error) {
      // The person sees the code did not come and asks again in a minute; the reason is for the operator.
      log.error({ err: error }, 'phone code sms could not be sent');
    }
    return { phone, expiresAt: isoAt(issued.expiresAtMs), resendAt: isoAt(issued.resendAtMs) };
  }


  async function userView(userId: string): Promise<User> {
    const user = await findUserWithBalance(db, userId);
    if (!user) throw unauthenticated();
    return toUserView(user);
  }

  return {
    /** Right after sign-up: a refusal by the limits is logged, and the account is made all the same. */
    async sendSignupCode(user: { userId: string; phone: string; language: Language }, context: AuditContext): Promise<void> {
      try {
        await sendCode({ id: user.userId, language: user.language }, user.phone, context);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== errorCodes.rateLimited) throw error;
        log.warn({ userId: user.userId }, 'no phone code at sign-up: the number had its codes for now');
      }
    },

    /** A (new) code for the account's own number, while it is not proven. */
    async requestCode(user: UserRow, context: AuditContext): Promise<PhoneCodeSent> {
      if (user.phone_verified_at !== null) throw new AppError(errorCodes.phoneAlreadyVerified, phoneProofMessages.alreadyProven);
      // Another account proved the number first: it is theirs, and no code goes to its owner's phone.
      if (await findProvenPhoneHolder(db, user.phone)) throw phoneTaken();
      return sendCode(user, user.phone, context);
    },

    /**
     * Settings: a code for a new number. The account keeps its number (and receives on it) until
     * the code is entered. An unproven account may correct its number this way too. The current
     * password confirms it (a stolen session cannot move the wallet's number); a number only
     * unproven accounts hold is free to take (decision 0041).
     */
    async startChange(user: UserRow, input: { phone: string; currentPassword: string }, context: AuditContext): Promise<PhoneCodeSent> {
      const { phone } = input;
      await checkCurrentPassword(db, user, input.currentPassword, 'currentPassword', context.nowMs);
      if (phone === user.phone && user.phone_verified_at !== null) {
        throw new AppError(errorCodes.samePhone, phoneProofMessages.samePhone, { phone: phoneProofMessages.samePhone });
      }
      const holder = await findProvenPhoneHolder(db, phone);
      if (holder && holder.id !== user.id) throw phoneTaken();
      return sendCode(user, phone, context);
    },

    /**
     * Proves the number the account's live code went to: it becomes the account's proven number,
     * and the welcome bonus is paid if this was the last proof it waited for. Only the request whose
     * conditional update marks the code used goes on, so parallel proofs pay once. Whoever proves a
     * number first owns it: another account that typed it is refused (409 `phone_taken`) by the
     * partial unique index on proven numbers, also when both prove at once, and may change number.
     */
    async verify(user: UserRow, code: string, context: AuditContext): Promise<User> {
      const userId = user.id;
      // Proven before: this is a change of number. Nothing else sets it meanwhile: one code lives per
      // account, and only the request that marks it used goes on.
      const provenBefore = user.phone_verified_at !== null;
      let checked: { id: string; target: string };
      try {
        checked = await checkOneTimeCode(db, key, { userId, purpose: 'phone', code, nowMs: context.nowMs });
      } catch (error) {
        await recordAudit(db, context, 'phone_code_failed', userId);
        throw error;
      }
      try {
        await db.transaction().execute(async (trx) => {
          if (!(await markCodeUsed(trx, checked.id, context.nowMs))) {
            throw new AppError(errorCodes.phoneCodeExpired, phoneProofMessages.noCode, { code: phoneProofMessages.noCode });
          }
          const proven = await markPhoneProven(trx, userId, checked.target, context.nowMs);
          if (!proven) throw unauthenticated();
          await recordAudit(trx, context, provenBefore ? 'phone_changed' : 'phone_verified', userId);
          if (bonusEarned({ emailVerified: proven.email_verified_at !== null, phoneVerified: true }, emailVerification)) {
            const wallet = await walletOf(trx, userId);
            await creditWelcomeBonus(trx, identityHashSecret, { userId, email: proven.email, phone: proven.phone }, wallet.id, context.nowMs);
          }
        });
      } catch (error) {
        if (uniqueViolationColumn(error) === 'phone') throw phoneTaken();
        throw error;
      }
      return userView(userId);
    },
  };
}

export type PhoneProofService = ReturnType<typeof createPhoneProofService>;
