import {
  errorCodes,
  pageCount,
  profileMessages,
  type Profile,
  type SecurityEventsPage,
  type Language,
} from '@poisha/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { runTransaction } from '../../db/conflict-retry.js';
import type { Database } from '../../db/schema.js';
import { AppError, BusinessRuleError, unauthenticated, validationFailed } from '../../core/errors.js';
import { mailTexts, type MailText } from '../../mail/mail-texts.js';
import type { Mailer } from '../../mail/mailer.js';
import { recordAudit, type AuditContext } from '../../core/audit/audit-log.js';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';
import type { AuthSession } from '../../core/session/session-auth.js';
import { hashToken, newSecretToken } from '../../core/session/tokens.js';
import { hashPassword, loadPasswordStrengthCheck, refusePersonalPassword } from '../../core/users/passwords.js';
import { toUserView } from '../../core/users/user-view.js';
import { checkCurrentPassword } from '../../core/users/current-password.js';
import { expireUserResetTokens, findUserWithBalance, updatePasswordHash } from '../../core/users/users.repository.js';
import {
  consumeEmailChangeToken,
  countSecurityEvents,
  deleteOtherSessions,
  emailInUse,
  findEmailChangeHolder,
  insertEmailChangeToken,
  listSecurityEvents,
  lockedWalletBalance,
  markClosed,
  pendingEmailOf,
  setEmail,
  updateLanguage,
  updateName,
  updatePhotoPath,
} from './profile.repository.js';

/** How long the link that confirms a new e-mail address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export interface ProfileServiceDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const emailTaken = () => new AppError(errorCodes.emailTaken, 'This email is already registered', { email: 'This email is already registered' });

export function createProfileService({ db, mailer, publicUrl, log }: ProfileServiceDeps) {
  /** Mail that tells about something already done: a failure is logged, the change stands. */
  function notify(to: string, mail: MailText) {
    mailer.send({ to, ...mail }).catch((error: unknown) => log.error({ err: error, subject: mail.subject }, 'notification mail not sent'));
  }

  async function userRow(userId: string) {
    const user = await findUserWithBalance(db, userId);
    if (!user || user.closed_at) throw unauthenticated();
    return user;
  }

  /** Checks the signed-in user's password, a limited number of times per quarter hour. */
  async function checkPassword(userId: string, password: string, field: string, context: AuditContext) {
    const user = await userRow(userId);
    await checkCurrentPassword(db, user, password, field, context.nowMs);
    return user;
  }

  async function profile(userId: string, now: number): Promise<Profile> {
    return { ...toUserView(await userRow(userId)), pendingEmail: await pendingEmailOf(db, userId, now) };
  }

  return {
    profile,

    /** Points the user at a new photo (or none); answers the previous one, for the caller to delete. */
    setPhoto: (userId: string, photoName: string | null) => updatePhotoPath(db, userId, photoName),

    async update(auth: AuthSession, input: { name?: string; email?: string; currentPassword?: string; language?: Language }, context: AuditContext): Promise<Profile> {
      const user = await userRow(auth.userId);
      const newEmail = input.email !== undefined && input.email !== user.email ? input.email : null;
      if (newEmail) {
        if (!input.currentPassword) throw validationFailed({ currentPassword: profileMessages.currentPasswordRequired }, profileMessages.currentPasswordRequired);
        await checkPassword(auth.userId, input.currentPassword, 'currentPassword', context);
        await consumeRateLimits(db, context.nowMs, [{ limit: limits.emailChangePerUser, subject: auth.userId }]);
        if (await emailInUse(db, newEmail, auth.userId)) throw emailTaken();
      }
      if (input.name !== undefined && input.name !== user.name) await updateName(db, auth.userId, input.name);
      if (input.language !== undefined && input.language !== user.language) await updateLanguage(db, auth.userId, input.language);
      if (newEmail) {
        const token = newSecretToken();
        await insertEmailChangeToken(db, { tokenHash: hashToken(token), userId: auth.userId, newEmail, now: context.nowMs, expiresAt: context.nowMs + EMAIL_CHANGE_TTL_MS });
        await recordAudit(db, context, 'email_change_requested', auth.userId, { email: newEmail });
        // The token travels in the fragment, which browsers never send to a server.
        notify(newEmail, mailTexts.confirmNewEmail(input.language ?? user.language, { name: input.name ?? user.name, link: `${publicUrl}/confirmEmail#token=${token}` }));
      }
      return profile(auth.userId, context.nowMs);
    },

    /** Opens the link mailed to the new address. The token alone proves it: no session needed. */
    async confirmEmail(token: string, context: AuditContext): Promise<void> {
      const changed = await db.transaction().execute(async (trx) => {
        const consumed = await consumeEmailChangeToken(trx, hashToken(token), context.nowMs);
        if (!consumed) return null;
        const user = await findEmailChangeHolder(trx, consumed.user_id);
        if (user.closed_at) return null;
        if (await emailInUse(trx, consumed.new_email, consumed.user_id)) throw emailTaken();
        await setEmail(trx, consumed.user_id, consumed.new_email);
        await recordAudit(trx, context, 'email_changed', consumed.user_id, { email: consumed.new_email });
        return { oldEmail: user.email, newEmail: consumed.new_email, name: user.name, language: user.language };
      });
      if (!changed) throw new AppError(errorCodes.invalidEmailToken, profileMessages.invalidEmailToken);
      notify(changed.oldEmail, mailTexts.emailChanged(changed.language, { name: changed.name, newEmail: changed.newEmail }));
    },

    /** A new password: every other session of the user ends, and the user is told by mail. */
    async changePassword(auth: AuthSession, input: { currentPassword: string; newPassword: string }, context: AuditContext): Promise<void> {
      const user = await checkPassword(auth.userId, input.currentPassword, 'currentPassword', context);
      if (input.newPassword === input.currentPassword) throw validationFailed({ newPassword: profileMessages.samePassword }, profileMessages.samePassword);
      refusePersonalPassword(input.newPassword, user, 'newPassword');
      (await loadPasswordStrengthCheck())(input.newPassword, user, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        await updatePasswordHash(trx, auth.userId, passwordHash);
        await deleteOtherSessions(trx, auth.userId, auth.sessionId);
        await expireUserResetTokens(trx, auth.userId, context.nowMs);
        await recordAudit(trx, context, 'password_changed', auth.userId);
      });
      notify(user.email, mailTexts.passwordChanged(user.language, { name: user.name, resetUrl: `${publicUrl}/resetpassword` }));
    },

    /**
     * Closes the account if its balance is zero. The user's records stay in the ledger; the
     * e-mail and phone are free for a new sign-up; every session ends. Answers the photo to delete.
     */
    async close(auth: AuthSession, password: string, context: AuditContext): Promise<string | null> {
      const user = await checkPassword(auth.userId, password, 'password', context);
      await runTransaction(db, async (trx) => {
        // Checked again inside the transaction, with the wallet row locked: no check-then-act gap.
        if ((await lockedWalletBalance(trx, auth.userId)) !== 0) throw new BusinessRuleError(errorCodes.balanceNotZero, profileMessages.balanceNotZero);
        await markClosed(trx, auth.userId, context.nowMs);
        await recordAudit(trx, context, 'account_closed', auth.userId);
      });
      notify(user.email, mailTexts.accountClosed(user.language, { name: user.name }));
      return user.photo_path;
    },

    async securityEvents(userId: string, page: number, pageSize: number): Promise<SecurityEventsPage> {
      const [total, items] = await Promise.all([
        countSecurityEvents(db, userId),
        listSecurityEvents(db, userId, { limit: pageSize, offset: page * pageSize }),
      ]);
      return { items, total, page, pageSize, pageCount: pageCount(total, pageSize) };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
