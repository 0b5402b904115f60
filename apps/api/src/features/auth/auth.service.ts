import {
  errorCodes,
  WELCOME_BONUS_CENTS,
  phoneCountry,
  type SessionResponse,
  type User,
} from '@poisha/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { uniqueViolationColumn } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { AppError, unauthenticated } from '../../http/app-error.js';
import { isoAt } from '../../http/clock.js';
import type { Mailer } from '../../mail/mailer.js';
import { recordAudit, type AuditContext } from '../../core/audit/audit-log.js';
import { moveMoney, SYSTEM_ACCOUNTS, systemAccount } from '../../core/ledger/ledger.js';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';
import { toUserView } from '../../core/users/user-view.js';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  findUserWithBalance,
  insertUserWithWallet,
  updatePasswordHash,
} from '../../core/users/users.repository.js';
import { hashPassword, refusePersonalPassword, verifyAgainstDummy, verifyPassword } from '../../core/users/passwords.js';
import { consumeResetToken, expireUserResetTokens, insertResetToken } from './password-reset.repository.js';
import type { AuthSession } from '../../core/session/session-auth.js';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, idleExpiresAt } from '../../core/session/session-policy.js';
import { deleteSession, deleteUserSessions, insertSession } from '../../core/session/sessions.repository.js';
import { hashToken, newSecretToken } from '../../core/session/tokens.js';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;


export interface AuthServiceDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Input after the shared schemas have validated and normalised it. */
export interface SignupInput {
  name: string;
  email: string;
  password: string;
  phone: string;
}

export interface SignedIn {
  user: User;
  token: string;
  csrfToken: string;
}

const emailTaken = () =>
  new AppError(errorCodes.emailTaken, 'This email is already registered', {
    email: 'This email is already registered',
  });
const phoneTaken = () =>
  new AppError(errorCodes.phoneTaken, 'This phone number is already registered', {
    phone: 'This phone number is already registered',
  });
const invalidCredentials = () => new AppError(errorCodes.invalidCredentials, 'Invalid email or password');

export function createAuthService({ db, mailer, publicUrl, log }: AuthServiceDeps) {
  async function startSession(userId: string, context: AuditContext): Promise<Omit<SignedIn, 'user'>> {
    const token = newSecretToken();
    const csrfToken = newSecretToken();
    await insertSession(db, {
      id: hashToken(token),
      user_id: userId,
      csrf_token: csrfToken,
      created_at: isoAt(context.nowMs),
      last_seen_at: isoAt(context.nowMs),
      expires_at: isoAt(context.nowMs + ABSOLUTE_TIMEOUT_MS),
      ip: context.ip,
      user_agent: context.userAgent?.slice(0, 300) ?? null,
    });
    return { token, csrfToken };
  }

  async function userView(userId: string): Promise<User> {
    const user = await findUserWithBalance(db, userId);
    if (!user) throw unauthenticated();
    return toUserView(user);
  }

  return {
    async signup(input: SignupInput, context: AuditContext): Promise<SignedIn> {
      const passwordHash = await hashPassword(input.password);
      const userId = crypto.randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          if (await findUserByEmail(trx, input.email)) throw emailTaken();
          if (await findUserByPhone(trx, input.phone)) throw phoneTaken();
          const walletId = await insertUserWithWallet(trx, {
            id: userId,
            name: input.name,
            email: input.email,
            phone: input.phone,
            country: phoneCountry(input.phone),
            password_hash: passwordHash,
            photo_path: null,
            created_at: isoAt(context.nowMs),
          });
          await moveMoney(trx, {
            kind: 'welcome_bonus',
            debit: systemAccount(SYSTEM_ACCOUNTS.welcomeBonus),
            credit: { id: walletId, kind: 'wallet' },
            amountCents: WELCOME_BONUS_CENTS,
            counterparty: 'Poisha welcome bonus',
            nowMs: context.nowMs,
          });
          await recordAudit(trx, context, 'signup', userId);
        });
      } catch (error) {
        const column = uniqueViolationColumn(error);
        if (column === 'email') throw emailTaken();
        if (column === 'phone') throw phoneTaken();
        throw error;
      }
      const session = await startSession(userId, context);
      return { user: await userView(userId), ...session };
    },

    async login(
      input: { email: string; password: string },
      context: AuditContext,
      previousSessionId: string | null,
    ): Promise<SignedIn> {
      try {
        await consumeRateLimits(db, context.nowMs, [
          { limit: limits.loginPerAccount, subject: input.email },
          { limit: limits.loginPerAddress, subject: context.ip ?? 'unknown' },
        ]);
      } catch (error) {
        await recordAudit(db, context, 'login_rate_limited', null, { email: input.email });
        throw error;
      }
      const user = await findUserByEmail(db, input.email);
      const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
      if (!user || !valid) {
        await recordAudit(db, context, 'login_failed', user?.id ?? null, { email: input.email });
        throw invalidCredentials();
      }
      // A new session id at every login, so a session fixed before sign-in is worth nothing after.
      if (previousSessionId) await deleteSession(db, previousSessionId);
      const session = await startSession(user.id, context);
      await recordAudit(db, context, 'login_succeeded', user.id);
      return { user: await userView(user.id), ...session };
    },

    async logout(auth: AuthSession, context: AuditContext): Promise<void> {
      await deleteSession(db, auth.sessionId);
      await recordAudit(db, context, 'logout', auth.userId);
    },

    async currentSession(auth: AuthSession): Promise<SessionResponse> {
      return {
        user: await userView(auth.userId),
        idleExpiresAt: isoAt(idleExpiresAt(auth)),
        expiresAt: isoAt(auth.expiresAt),
        idleTimeoutSeconds: IDLE_TIMEOUT_MS / 1000,
      };
    },

    /**
     * Answers the same whether or not the address has an account. The mail is sent after the
     * answer, so the response time does not tell either.
     */
    async requestPasswordReset(email: string, context: AuditContext): Promise<void> {
      await consumeRateLimits(db, context.nowMs, [
        { limit: limits.resetPerAccount, subject: email },
        { limit: limits.resetPerAddress, subject: context.ip ?? 'unknown' },
      ]);
      const user = await findUserByEmail(db, email);
      await recordAudit(db, context, 'password_reset_requested', user?.id ?? null, { email });
      if (!user) return;

      const token = newSecretToken();
      await insertResetToken(db, {
        tokenHash: hashToken(token),
        userId: user.id,
        nowMs: context.nowMs,
        expiresAtMs: context.nowMs + RESET_TOKEN_TTL_MS,
      });
      // The token travels in the fragment: browsers never send it to a server or in a Referer.
      const link = `${publicUrl}/resetpassword#token=${token}`;
      mailer
        .send({
          to: user.email,
          subject: 'Reset your Poisha password',
          text: [
            `Hello ${user.name},`,
            '',
            'Someone asked to reset the password of your Poisha account. If it was you, open this link',
            'within 30 minutes to choose a new password:',
            '',
            link,
            '',
            'If it was not you, ignore this mail: your password stays as it is.',
          ].join('\n'),
        })
        .catch((error: unknown) => log.error({ err: error }, 'password reset mail could not be sent'));
    },

    async confirmPasswordReset(token: string, password: string, context: AuditContext): Promise<void> {
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction().execute(async (trx) => {
        const consumed = await consumeResetToken(trx, hashToken(token), context.nowMs);
        if (!consumed) return null;
        const user = await findUserById(trx, consumed.user_id);
        if (user) refusePersonalPassword(password, user, 'password');
        await updatePasswordHash(trx, consumed.user_id, passwordHash);
        await expireUserResetTokens(trx, consumed.user_id, context.nowMs);
        await deleteUserSessions(trx, consumed.user_id);
        await recordAudit(trx, context, 'password_reset_completed', consumed.user_id);
        return consumed.user_id;
      });
      if (!userId) {
        throw new AppError(errorCodes.invalidResetToken, 'This reset link is invalid or has expired. Please ask for a new one.');
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
