import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';

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
  /** Set when the account is closed; its e-mail and phone then live in closed_email / closed_phone. */
  closed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  closed_email: ColumnType<string | null, string | null | undefined, string | null>;
  closed_phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the owner opened the link mailed to `email`; the welcome bonus waits for it. */
  email_verified_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** Set while an operator has locked the account: it cannot sign in, and no session of it works. */
  locked_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** Set when the welcome bonus was refused: the e-mail address or phone number had it before. */
  welcome_bonus_refused_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The language of the user's mails: the app's language at sign-up, then the last one chosen. */
  language: ColumnType<'en' | 'bn', 'en' | 'bn' | undefined, 'en' | 'bn'>;
  /**
   * When the owner proved `phone` with a code sent to it by SMS (decision 0041); until then the
   * wallet receives nothing and the welcome bonus waits.
   */
  phone_verified_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** What a one-time code proves; each purpose has its own codes and limits. */
/** phone: proves the number it was sent to; payment_pin_reset: with the password, sets a new payment PIN. */
export type OneTimeCodePurpose = 'phone' | 'payment_pin_reset';

/** A one-time code sent to `target` (a phone number): only its keyed hash is kept. */
export interface OneTimeCodesTable {
  id: string;
  user_id: string;
  purpose: OneTimeCodePurpose;
  /** Where the code was sent, and what entering it proves. */
  target: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** An account's payment PIN (decision 0042): only its keyed hash, and the wrong tries that block payments. */
export interface PaymentPinsTable {
  user_id: string;
  pin_hash: string;
  wrong_in_row: ColumnType<number, number | undefined, number>;
  /** Blocks since the PIN was last set: the first lasts an hour, later ones a day. */
  blocks: ColumnType<number, number | undefined, number>;
  blocked_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  set_at: Timestamp;
}

/** An account's authenticator-app secret (decision 0044): sealed, and on once proven with a code. */
export interface TwoStepFactorsTable {
  user_id: string;
  /** AES-256-GCM: base64 of iv, ciphertext and tag, joined by dots. */
  secret_sealed: string;
  created_at: Timestamp;
  enabled_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The newest 30-second step a code was accepted for: a code works once. */
  last_used_step: ColumnType<number, number | undefined, number>;
}

/** A one-time recovery code: only its keyed hash. */
export interface TwoStepRecoveryCodesTable {
  code_hash: string;
  user_id: string;
  used_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** A sign-in whose password was right, waiting for its second step. */
export interface TwoStepChallengesTable {
  token_hash: string;
  user_id: string;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** A passkey (decision 0045): a WebAuthn credential of one account. */
export interface PasskeysTable {
  /** The credential id, base64url. */
  id: string;
  user_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  sign_count: ColumnType<number, number | undefined, number>;
  /** JSON array of the transports the browser named (internal, hybrid, usb…), or null. */
  transports: string | null;
  /** 1: kept in a synced store (backed up), 0: on one device. */
  synced: ColumnType<number, number | undefined, number>;
  name: string;
  created_at: Timestamp;
  last_used_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export type PasskeyPurpose = 'register' | 'sign_in' | 'payment';

/** A challenge handed to a browser, by its hash; used once. */
export interface PasskeyChallengesTable {
  challenge_hash: string;
  purpose: PasskeyPurpose;
  /** Whose: null for a sign-in, where the passkey names the account. */
  user_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The Idempotency-Key of the payment it approved: a retry of that payment may show it again. */
  used_for: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row per number codes go to: requests for a code to it lock the row first. */
export interface OneTimeCodeTargetsTable {
  purpose: OneTimeCodePurpose;
  target: string;
  requested_at: Timestamp;
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
  /** Set when the owner's account is closed: the wallet then takes part in no movement. */
  closed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** A wallet's postings in and out, counted by the movement that writes them (system accounts: 0). */
  entries_in: ColumnType<number, never, number>;
  entries_out: ColumnType<number, never, number>;
  /** The entry hash of a wallet's newest entry: where its chain ends (decision 0048); null before its first. */
  chain_hash: ColumnType<string | null, never, string | null>;
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
  /** The session's name in the list of signed-in devices (a random UUID): never the token's hash (decision 0043). */
  public_id: string;
  /** SHA-256 of the token of the link mailed after a sign-in on a new device, which ends this session. */
  end_link_hash: string | null;
  /** SHA-256 of the device cookie it signed in with (trusted_devices.token_hash), forgotten when this session is ended. */
  device_hash: string | null;
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

export type TransferKind = 'welcome_bonus' | 'transfer' | 'bank_deposit' | 'card_deposit' | 'paypal_deposit';

/** One money movement. Immutable. */
export interface TransfersTable {
  id: string;
  kind: TransferKind;
  amount: number;
  reference: string | null;
  /** How a party outside the wallets is shown in statements, e.g. "BRAC Bank •••• 1234". */
  counterparty: string | null;
  initiated_by: string | null;
  created_at: Timestamp;
  /**
   * Place in the frozen global chain of version 1 (decision 0018); null for every transfer since
   * the wallets' chains (decision 0048), whose links are on the postings.
   */
  chain_seq: ColumnType<number | null, number | null | undefined, never>;
  /** Version 1: the previous transfer's hash (64 zeros for the first); null since version 2. */
  prev_hash: ColumnType<string | null, string | null | undefined, never>;
  /** SHA-256 (hex): version 1, of its content and `prev_hash`; version 2, of its content alone (its wallets' entries chain it). */
  hash: ColumnType<string | null, string | null | undefined, never>;
}

/**
 * A statement or receipt given to a user, checkable on /verify by its code (decision 0018). The
 * digests are recomputed from the journal when someone verifies it.
 */
export interface IssuedDocumentsTable {
  /** 10 characters of Crockford base32, random: the document's public handle. */
  code: string;
  kind: 'statement' | 'receipt';
  user_id: string;
  account_id: string;
  transfer_id: string | null;
  period_from: Timestamp | null;
  period_to: Timestamp | null;
  /** SHA-256 of the document's canonical content as read from the journal at issue time. */
  content_digest: string;
  /** The version 1 chain's head when issued (frozen since decision 0048): it must still be in place. */
  chain_seq: number;
  chain_hash: string;
  /** Where the wallet's chain ended when issued (decision 0048): that posting and its entry hash; null before its first entry. */
  wallet_posting_id: ColumnType<number | null, number | null | undefined, never>;
  wallet_hash: ColumnType<string | null, string | null | undefined, never>;
  /** The newest seal when issued (decision 0048), and its hash; null when there was none. */
  seal_seq: ColumnType<number | null, number | null | undefined, never>;
  seal_hash: ColumnType<string | null, string | null | undefined, never>;
  /** SHA-256 of the file handed out (PDF), once written. */
  file_digest: string | null;
  issued_at: Timestamp;
}

/** A signed Merkle root over the heads of the wallets' chains that moved since the seal before (decision 0048). Immutable. */
export interface JournalSealsTable {
  seq: number;
  /** The seal before's hash; for the first, the frozen global chain's head hash. */
  prev_hash: string;
  sealed_at: Timestamp;
  /** How many wallets' heads it seals (the Merkle tree's leaves). */
  wallets: number;
  merkle_root: string;
  /** SHA-256 (hex) of the seal's canonical text, which the signature covers. */
  hash: string;
  /** The first 16 hex digits of SHA-256 of the signing key's public half (SPKI DER). */
  key_id: string;
  /** Ed25519 over the canonical text, base64. */
  signature: string;
}

/** A seal's leaf: a wallet's chain head (place and hash) when sealed. Immutable. */
export interface JournalSealWalletsTable {
  seal_seq: number;
  account_id: string;
  wallet_place: number;
  chain_hash: string;
}

/** The single row (id 1) holding the version 1 chain's last sequence number and hash: frozen since decision 0048. */
export interface JournalChainHeadTable {
  id: number;
  seq: number;
  hash: string;
}

/** One side of a transfer. Immutable; the postings of a transfer sum to zero. */
export interface PostingsTable {
  id: Generated<number>;
  transfer_id: string;
  account_id: string;
  /** Signed minor units: negative leaves the account. */
  amount: number;
  direction: 'in' | 'out';
  /** The wallet's balance after this posting; null for system accounts, whose balance is not kept. */
  balance_after: number | null;
  created_at: Timestamp;
  /** A wallet's posting: its place in the wallet's chain, 1, 2, 3, … in the order of the postings' ids (decision 0048); null for a system account. */
  wallet_place: ColumnType<number | null, number | null | undefined, never>;
  /**
   * A wallet's posting: its entry hash (decision 0048), over the transfer's content hash, this
   * posting and the entry hash at wallet_place − 1; for a posting of version 1, its transfer's hash.
   * Null for a system account.
   */
  chain_hash: ColumnType<string | null, string | null | undefined, never>;
}

export interface IdempotencyKeysTable {
  user_id: string;
  idem_key: string;
  fingerprint: string;
  status_code: number | null;
  response_body: string | null;
  created_at: Timestamp;
}

export interface BankAccountsTable {
  id: string;
  user_id: string;
  bank_id: string;
  account_number: string;
  created_at: Timestamp;
}

export interface DepositsTable {
  id: string;
  user_id: string;
  method: 'bank' | 'card' | 'paypal';
  status: 'succeeded' | 'declined';
  amount: number;
  transfer_id: string | null;
  provider_ref: string | null;
  created_at: Timestamp;
}

export interface SandboxCardPaymentMethodsTable {
  id: string;
  user_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  outcome: 'succeed' | 'decline';
  created_at: Timestamp;
}

export interface PaypalOrdersTable {
  id: string;
  user_id: string;
  amount: number;
  status: 'created' | 'captured' | 'cancelled';
  transfer_id: string | null;
  created_at: Timestamp;
}

export interface ReviewsTable {
  id: string;
  user_id: string;
  star: number;
  text: string;
  created_at: Timestamp;
}

export interface ContactMessagesTable {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  message: string;
  /** 1 once the support inbox has it; 0 if sending failed (the person was told). */
  delivered: number;
  created_at: Timestamp;
}

/** A wallet the user keeps in their list of favourites, by phone number. */
export interface FavouritesTable {
  id: string;
  user_id: string;
  /** The wallet behind `phone` when it was saved. */
  contact_user_id: string;
  /** The account holder's name as the user typed it. */
  name: string;
  phone: string;
  origin: string;
  created_at: Timestamp;
}

/**
 * One wallet asking another for money. `status` is what was decided; a pending request whose
 * `expires_at` has passed reads "expired" (see money-requests' request-status rule).
 */
export interface MoneyRequestsTable {
  id: string;
  requester_id: string;
  payer_id: string;
  amount: number;
  note: string;
  status: 'pending' | 'paid' | 'declined' | 'cancelled';
  created_at: Timestamp;
  expires_at: Timestamp;
  resolved_at: Timestamp | null;
  transfer_id: string | null;
  /** Set when the request came from a requester the payer blocked: kept, never shown to the payer (decision 0033). */
  withheld_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** The payer (`user_id`) does not want requests from `blocked_user_id`. */
export interface RequestBlocksTable {
  user_id: string;
  blocked_user_id: string;
  created_at: Timestamp;
}

export type NotificationKind = 'money_received' | 'request_received' | 'request_paid' | 'request_declined' | 'request_cancelled' | 'support_replied' | 'statement_ready';

/** Something a user should hear about, written in the same transaction as the event. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  kind: NotificationKind;
  amount: number;
  counterparty_name: string;
  counterparty_phone: string;
  request_id: string | null;
  transfer_id: string | null;
  /** The ticket support answered (kind `support_replied`, whose amount is 0). */
  ticket_id: ColumnType<string | null, string | null | undefined, string | null>;
  read_at: Timestamp | null;
  created_at: Timestamp;
  /** "2026-10" for statement_ready: the month whose statement is ready. */
  statement_month: ColumnType<string | null, string | null | undefined, string | null>;
  /** "kind:phone" for events from a person: at most one unread notification per group (decision 0033). */
  group_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** How many events the notification stands for; its amount is their sum. */
  event_count: ColumnType<number, number | undefined, number>;
}

/** One monthly statement issued to a user; the key (user, month) issues each month once. */
export interface MonthlyStatementsTable {
  user_id: string;
  month: string;
  created_at: Timestamp;
}

/** A pending e-mail change: only the SHA-256 of the mailed token is kept. */
export interface EmailChangeTokensTable {
  token_hash: string;
  user_id: string;
  new_email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface SupportTicketsTable {
  id: string;
  user_id: string;
  subject: string;
  category: string;
  status: 'open' | 'answered' | 'closed';
  transfer_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SupportTicketMessagesTable {
  id: string;
  ticket_id: string;
  author: 'user' | 'support';
  body: string;
  created_at: Timestamp;
}

export interface LoanInterestsTable {
  user_id: string;
  created_at: Timestamp;
}

export interface EmailVerificationTokensTable {
  token_hash: string;
  user_id: string;
  /** The address the link was mailed to: it verifies only that one. */
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** At most one welcome bonus per user: the primary key refuses a second. */
export interface WelcomeBonusesTable {
  user_id: string;
  transfer_id: string;
}

/** An e-mail address or phone number that has had the welcome bonus, as a keyed hash (never readable). */
export interface WelcomeBonusClaimsTable {
  identity_hash: string;
  user_id: string;
  claimed_at: Timestamp;
}

/** A one-time sign-in code mailed to the owner (its argon2id hash); decision 0030. */
export interface SignInCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** A browser that signed in to the account before (its cookie's hash). */
export interface TrustedDevicesTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

export interface Database {
  email_verification_tokens: EmailVerificationTokensTable;
  welcome_bonuses: WelcomeBonusesTable;
  welcome_bonus_claims: WelcomeBonusClaimsTable;
  sign_in_codes: SignInCodesTable;
  trusted_devices: TrustedDevicesTable;
  favourites: FavouritesTable;
  money_requests: MoneyRequestsTable;
  request_blocks: RequestBlocksTable;
  notifications: NotificationsTable;
  monthly_statements: MonthlyStatementsTable;
  email_change_tokens: EmailChangeTokensTable;
  support_tickets: SupportTicketsTable;
  support_ticket_messages: SupportTicketMessagesTable;
  loan_interests: LoanInterestsTable;
  reviews: ReviewsTable;
  contact_messages: ContactMessagesTable;
  transfers: TransfersTable;
  postings: PostingsTable;
  journal_chain_head: JournalChainHeadTable;
  journal_seals: JournalSealsTable;
  journal_seal_wallets: JournalSealWalletsTable;
  issued_documents: IssuedDocumentsTable;
  idempotency_keys: IdempotencyKeysTable;
  bank_accounts: BankAccountsTable;
  deposits: DepositsTable;
  sandbox_card_payment_methods: SandboxCardPaymentMethodsTable;
  paypal_orders: PaypalOrdersTable;
  users: UsersTable;
  one_time_codes: OneTimeCodesTable;
  one_time_code_targets: OneTimeCodeTargetsTable;
  payment_pins: PaymentPinsTable;
  two_step_factors: TwoStepFactorsTable;
  two_step_recovery_codes: TwoStepRecoveryCodesTable;
  two_step_challenges: TwoStepChallengesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
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

/** The database or an open transaction: repositories take either, so the caller decides what is atomic. */
export type Queryable = Kysely<Database> | Transaction<Database>;
