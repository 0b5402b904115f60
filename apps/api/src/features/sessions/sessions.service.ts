import { errorCodes, sessionMessages, SESSIONS_LISTED, type OtherSessionsEnded, type UserSessions } from '@poisha/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, BusinessRuleError, notFound } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import { recordAudit, type AuditContext } from '../../core/audit/audit-log.js';
import { limits } from '../../core/rate-limit/rate-limit-policy.js';
import { consumeRateLimits } from '../../core/rate-limit/rate-limiter.js';
import type { AuthSession } from '../../core/session/session-auth.js';
import { IDLE_TIMEOUT_MS } from '../../core/session/session-policy.js';
import { hashToken } from '../../core/session/tokens.js';
import { describeUserAgent } from '../../core/session/user-agent.js';
import {
  countLiveSessions,
  deleteOtherLiveSessions,
  deleteSessionById,
  findLiveSession,
  findLiveSessionByEndLink,
  forgetDevice,
  listLiveSessions,
  type LiveWindow,
} from './sessions.repository.js';

const liveAt = (nowMs: number): LiveWindow => ({ nowMs, idleCutoffMs: nowMs - IDLE_TIMEOUT_MS });

const invalidSessionLink = () => new AppError(errorCodes.invalidSessionLink, sessionMessages.invalidSessionLink);

/**
 * Signed-in devices (decision 0043): the user's live sessions, ending one of the others or all of
 * them, and ending the session a new-device mail names by its single-use link.
 */
export function createSessionsService({ db }: { db: Kysely<Database> }) {
  return {
    async list(auth: AuthSession, nowMs: number): Promise<UserSessions> {
      const window = liveAt(nowMs);
      const [rows, total] = await Promise.all([listLiveSessions(db, auth.userId, window, SESSIONS_LISTED), countLiveSessions(db, auth.userId, window)]);
      const items = rows.map((row) => {
        const current = row.id === auth.sessionId;
        return {
          id: row.public_id,
          ...describeUserAgent(row.user_agent),
          ip: row.ip,
          createdAt: row.created_at,
          // This instance may hold a newer time for the asking session than the one stored (decision 0026).
          lastActiveAt: current ? isoAt(auth.lastSeenAt) : row.last_seen_at,
          current,
        };
      });
      return { items: [...items.filter((item) => item.current), ...items.filter((item) => !item.current)], total };
    },

    /**
     * Ends another session of the user's and forgets its browser as a known device. The session in
     * use is not ended here: signing out is its way out (as the device lists of banks and Google do).
     * An unknown id, one of another user's or of a session already over: 404.
     */
    async end(auth: AuthSession, publicId: string, context: AuditContext): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const session = await findLiveSession(trx, auth.userId, publicId, liveAt(context.nowMs));
        if (!session) throw notFound('Session');
        if (session.id === auth.sessionId) throw new BusinessRuleError(errorCodes.currentSession, sessionMessages.currentSession);
        if (!(await deleteSessionById(trx, session.id))) throw notFound('Session');
        if (session.device_hash) await forgetDevice(trx, auth.userId, session.device_hash);
        await recordAudit(trx, context, 'session_ended', auth.userId, { via: 'settings' });
      });
    },

    /** Ends every other live session of the user's; their browsers stay known devices (they are the owner's, as far as anyone knows). */
    async endOthers(auth: AuthSession, context: AuditContext): Promise<OtherSessionsEnded> {
      const ended = await db.transaction().execute(async (trx) => {
        const count = await deleteOtherLiveSessions(trx, auth.userId, auth.sessionId, liveAt(context.nowMs));
        if (count > 0) await recordAudit(trx, context, 'other_sessions_ended', auth.userId, { count: String(count) });
        return count;
      });
      return { ended };
    },

    /**
     * The link of a new-device mail: ends that one session, no sign-in needed, and forgets its
     * browser. It works once (ending the session deletes the row that holds its hash) and only while
     * the session lives. Every try counts against the address's limit before the token is looked at.
     */
    async endByLink(token: string, context: AuditContext): Promise<void> {
      await consumeRateLimits(db, context.nowMs, [{ limit: limits.sessionLinkPerAddress, subject: context.ip ?? 'unknown' }]);
      const ended = await db.transaction().execute(async (trx) => {
        const session = await findLiveSessionByEndLink(trx, hashToken(token), liveAt(context.nowMs));
        if (!session || !(await deleteSessionById(trx, session.id))) return false;
        if (session.device_hash) await forgetDevice(trx, session.user_id, session.device_hash);
        await recordAudit(trx, context, 'session_ended', session.user_id, { via: 'mail_link' });
        return true;
      });
      if (!ended) throw invalidSessionLink();
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
