import type { Queryable } from '../../db/schema.js';
import { isoAt } from '../clock.js';

export type AuditEvent =
  | 'signup'
  | 'login_succeeded'
  | 'login_failed'
  | 'login_rate_limited'
  | 'logout'
  | 'session_expired'
  | 'password_reset_requested'
  | 'password_reset_completed'
  | 'password_changed'
  | 'email_change_requested'
  | 'email_changed'
  | 'account_closed'
  | 'email_verified'
  | 'login_refused_locked'
  // One-time sign-in codes by mail (decision 0030).
  | 'sign_in_code_requested'
  | 'sign_in_code_failed'
  | 'sign_in_code_used'
  // The phone number proven by an SMS code (decision 0041).
  | 'phone_code_sent'
  | 'phone_code_failed'
  | 'phone_verified'
  | 'phone_changed'
  // The payment PIN (decision 0042).
  | 'payment_pin_set'
  | 'payment_pin_changed'
  | 'payment_pin_reset'
  | 'payment_pin_reset_code_sent'
  | 'payment_pin_wrong'
  | 'payment_pin_blocked'
  // Two-step sign-in (decision 0044).
  | 'two_step_enabled'
  | 'two_step_disabled'
  | 'two_step_recovery_code_used'
  | 'two_step_recovery_codes_renewed'
  | 'two_step_failed'
  // Passkeys (decision 0045): one added or removed, a sign-in with one.
  | 'passkey_added'
  | 'passkey_removed'
  | 'passkey_sign_in'
  // Signed-in devices (decision 0043): a sign-in from a browser the account had not seen (mailed to
  // the owner), one session ended from Settings or the mailed link, every other session ended.
  | 'new_device_sign_in'
  | 'session_ended'
  | 'other_sessions_ended'
  // Operator actions (`npm run ops`): the detail names the operator.
  | 'operator_tickets_listed'
  | 'operator_ticket_replied'
  | 'operator_ticket_closed'
  | 'operator_wallet_viewed'
  | 'operator_reconciled'
  | 'operator_chain_verified'
  | 'operator_journal_sealed'
  | 'operator_wallet_locked'
  | 'operator_wallet_unlocked';

export interface AuditContext {
  ip: string | null;
  userAgent: string | null;
  nowMs: number;
}

/** Appends one line to the security audit log. Never give it passwords or tokens in `detail`. */
export async function recordAudit(
  db: Queryable,
  context: AuditContext,
  event: AuditEvent,
  userId: string | null,
  detail?: Record<string, string>,
): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      event,
      user_id: userId,
      ip: context.ip,
      user_agent: context.userAgent?.slice(0, 300) ?? null,
      detail: detail ? JSON.stringify(detail) : null,
      created_at: isoAt(context.nowMs),
    })
    .execute();
}
