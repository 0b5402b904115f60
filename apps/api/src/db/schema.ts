import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Timestamps are ISO-8601 strings in UTC on both databases (PostgreSQL `timestamptz` values are
 * parsed into such strings), so comparisons and sorting behave the same everywhere.
 * Money columns are 64-bit integers of minor units, read as JavaScript numbers (see db/database.ts).
 */
type Timestamp = string;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  country: string | null;
  password_hash: string;
  photo_path: string | null;
  created_at: Timestamp;
}

/** A ledger account: a user's wallet or a system account. Balance is in minor units. */
export interface AccountsTable {
  id: string;
  user_id: string | null;
  kind: 'wallet' | 'system';
  code: string | null;
  currency: string;
  balance: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the session token: a leaked table does not yield usable tokens. */
  id: string;
  user_id: string;
  csrf_token: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AuditEventsTable {
  id: Generated<number>;
  user_id: string | null;
  event: string;
  ip: string | null;
  user_agent: string | null;
  detail: string | null;
  created_at: Timestamp;
}

export interface RateLimitBucketsTable {
  bucket_key: string;
  window_start: number;
  hits: number;
}

export interface BanksTable {
  id: string;
  name: string;
  sort_order: number;
}

export interface Database {
  users: UsersTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  audit_events: AuditEventsTable;
  rate_limit_buckets: RateLimitBucketsTable;
  banks: BanksTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
