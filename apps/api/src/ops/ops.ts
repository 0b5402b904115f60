import { parseArgs } from 'node:util';
import { toE164 } from '@poisha/contracts';
import type { Config } from '../config/env.js';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit, type AuditContext, type AuditEvent } from '../core/audit/audit-log.js';
import { describeChainCheck, verifyJournalChain } from '../core/ledger/chain-check.js';
import { sealJournal, sealKeysOf } from '../core/ledger/journal-seals.js';
import { walletOf } from '../core/ledger/wallets.js';
import { lockAccount, unlockAccount } from '../core/users/account-lock.js';
import { findUserByEmail, findUsersByPhone } from '../core/users/users.repository.js';
import { createStatementService } from '../features/statement/statement.service.js';
import { createSupportTicketsService } from '../features/support-tickets/support-tickets.service.js';
import { formatCents, table } from './format.js';
import { checkBooks } from './reconcile.js';

export const OPS_HELP = `Poisha operator tool

Usage: npm run ops -- <command> [arguments] --operator <name>

Commands:
  tickets [--all]              open support tickets, longest waiting first (--all: answered ones too)
  reply <ticket-id> [text]     answer a ticket (text from the arguments, or from standard input);
                               the user sees it in the thread, gets a notification and an e-mail
  close <ticket-id>            close a ticket
  wallet <email|phone>         a wallet: its user, status, balance and last transfers
  reconcile                    check the books; exits 1 on any difference
  verify-chain                 check the journal's hash chains and seals; names the first broken link
  seal                         seal the journal now (the server does every JOURNAL_SEAL_INTERVAL_SECONDS)
  lock <email|phone> [--reason <text>]
                               lock a wallet: it cannot sign in or send, its sessions end
  unlock <email|phone>         unlock a wallet; its owner signs in again

Options:
  --operator <name>   who is acting (or OPS_OPERATOR); every command is written to the audit log
  -h, --help          this help

Exit codes: 0 done, 1 refused or a difference found, 2 wrong usage.`;

export interface OpsContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The OPS_OPERATOR setting: the operator's name when --operator is not given. */
  defaultOperator: string | undefined;
  now: () => number;
  readStdin: () => Promise<string>;
  out: (line: string) => void;
  err: (line: string) => void;
}

class UsageError extends Error {}

const OPTIONS = {
  operator: { type: 'string' },
  reason: { type: 'string' },
  all: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Runs one operator command; answers the process exit code. */
export async function runOps(argv: string[], context: OpsContext): Promise<number> {
  try {
    return await dispatch(argv, context);
  } catch (error) {
    if (error instanceof UsageError) {
      context.err(error.message);
      context.err('Run with --help for the commands.');
      return 2;
    }
    throw error;
  }
}

async function dispatch(argv: string[], context: OpsContext): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command || command === 'help') {
    context.out(OPS_HELP);
    return command || values.help ? 0 : 2;
  }
  const operator = (values.operator ?? context.defaultOperator ?? '').trim();
  if (!operator) throw new UsageError('Say who you are: --operator <name> (or set OPS_OPERATOR).');

  const { db, out } = context;
  const audit = (event: AuditEvent, userId: string | null, detail: Record<string, string> = {}) =>
    recordAudit(db.kysely, auditContext(context), event, userId, { operator, ...detail });
  const tickets = createSupportTicketsService({ db: db.kysely, mailer: context.mailer, supportEmail: context.config.SUPPORT_EMAIL, publicUrl: context.config.PUBLIC_URL, log: context.log });

  switch (command) {
    case 'tickets': {
      expectArguments(rest, 0, 'tickets');
      const waiting = await tickets.waiting(values.all === true);
      await audit('operator_tickets_listed', null, { count: String(waiting.length) });
      if (waiting.length === 0) {
        out('No tickets waiting.');
        return 0;
      }
      const rows = waiting.map((ticket) => [ticket.id, ticket.status, ticket.updatedAt, `${ticket.userName} <${ticket.userEmail}>`, ticket.category, `${ticket.messages} msg`, ticket.subject]);
      for (const line of table([['ticket', 'status', 'last activity', 'user', 'category', 'thread', 'subject'], ...rows])) out(line);
      return 0;
    }
    case 'reply': {
      const [ticketId, ...words] = rest;
      if (!ticketId) throw new UsageError('reply needs a ticket id: reply <ticket-id> [text]');
      const text = (words.length > 0 ? words.join(' ') : await context.readStdin()).trim();
      if (!text) throw new UsageError('The answer is empty: give it as arguments or on standard input.');
      const result = await tickets.answer(ticketId, text, context.now());
      if (result.outcome === 'not_found') return refuse(context, `No ticket ${ticketId}.`);
      if (result.outcome === 'closed') return refuse(context, `Ticket ${ticketId} is closed; it takes no answer.`);
      await audit('operator_ticket_replied', result.userId ?? null, { ticket: ticketId });
      out(`Answered ticket ${ticketId}; the user was notified${result.mailed ? ' and e-mailed' : ''}.`);
      if (!result.mailed) return refuse(context, 'The e-mail to the user could not be sent (the answer and the notification are saved).');
      return 0;
    }
    case 'close': {
      const ticketId = oneArgument(rest, 'close <ticket-id>');
      const result = await tickets.closeAsSupport(ticketId, context.now());
      if (result.outcome === 'not_found') return refuse(context, `No ticket ${ticketId}.`);
      await audit('operator_ticket_closed', result.userId ?? null, { ticket: ticketId });
      out(result.outcome === 'closed' ? `Closed ticket ${ticketId}.` : `Ticket ${ticketId} was already closed.`);
      return 0;
    }
    case 'wallet': {
      const who = oneArgument(rest, 'wallet <email|phone>');
      const user = await findWalletOwner(context, who);
      if (!user) return refuse(context, `No wallet for ${who}.`);
      await audit('operator_wallet_viewed', user.id);
      await showWallet(context, user);
      return 0;
    }
    case 'reconcile': {
      expectArguments(rest, 0, 'reconcile');
      const report = await checkBooks(db.kysely);
      await audit('operator_reconciled', null, { differences: String(report.differences.length) });
      out(`Checked ${report.wallets} wallets, ${report.transfers} transfers, ${report.postings} postings.`);
      out(`Money in wallets: ${formatCents(report.walletTotalCents)}`);
      out('Money issued by the system accounts (bonuses and deposits):');
      for (const line of table(report.systemTotals.map((total) => [`  ${total.code}`, formatCents(total.issuedCents)]))) out(line);
      if (report.differences.length === 0) {
        out('The books balance.');
        return 0;
      }
      context.err(`${report.differences.length} difference(s):`);
      for (const difference of report.differences) context.err(`  [${difference.check}] ${difference.subject}: ${difference.detail}`);
      return 1;
    }
    case 'verify-chain': {
      expectArguments(rest, 0, 'verify-chain');
      const check = await verifyJournalChain(db.kysely, { trustedSealKeys: sealKeysOf(context.config).trusted });
      await audit('operator_chain_verified', null, check.ok ? { transfers: String(check.transfers) } : { broken: `${check.broken.reason} in ${check.broken.chain} at ${check.broken.place ?? '-'}` });
      (check.ok ? out : context.err)(describeChainCheck(check));
      return check.ok ? 0 : 1;
    }
    case 'seal': {
      expectArguments(rest, 0, 'seal');
      const seal = await sealJournal(db.kysely, sealKeysOf(context.config), context.now());
      await audit('operator_journal_sealed', null, seal ? { seal: String(seal.seq), wallets: String(seal.wallets) } : { seal: 'none' });
      out(seal ? `Sealed the journal: seal ${seal.seq}, ${seal.wallets} wallets' heads, Merkle root ${seal.merkleRoot}.` : "Nothing to seal: no wallet's chain moved since the last seal.");
      return 0;
    }
    case 'lock':
    case 'unlock': {
      const who = oneArgument(rest, `${command} <email|phone>`);
      const user = await findWalletOwner(context, who);
      if (!user) return refuse(context, `No wallet for ${who}.`);
      const changed = await db.kysely.transaction().execute(async (trx) => {
        const done = command === 'lock' ? await lockAccount(trx, user.id, context.now()) : await unlockAccount(trx, user.id);
        if (done) {
          const detail: Record<string, string> = { operator };
          if (command === 'lock' && values.reason) detail.reason = values.reason;
          await recordAudit(trx, auditContext(context), command === 'lock' ? 'operator_wallet_locked' : 'operator_wallet_unlocked', user.id, detail);
        }
        return done;
      });
      const whose = `${user.name} <${user.email}>`;
      if (command === 'lock') out(changed ? `Locked the wallet of ${whose}; its sessions have ended.` : `The wallet of ${whose} was already locked.`);
      else out(changed ? `Unlocked the wallet of ${whose}.` : `The wallet of ${whose} was not locked.`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

const auditContext = (context: OpsContext): AuditContext => ({ ip: null, userAgent: 'poisha-ops', nowMs: context.now() });

function refuse(context: OpsContext, message: string): number {
  context.err(message);
  return 1;
}

function expectArguments(rest: string[], count: number, usage: string): void {
  if (rest.length !== count) throw new UsageError(`Usage: ${usage}`);
}

function oneArgument(rest: string[], usage: string): string {
  const [only] = rest;
  if (rest.length !== 1 || only === undefined) throw new UsageError(`Usage: ${usage}`);
  return only;
}

/**
 * A wallet by its owner's e-mail address or phone number (any way the app accepts one). A number
 * names the account that proved it; unproven accounts may share a number (decision 0041), so one
 * held only by several of them names none: the operator is told to use the e-mail address.
 */
async function findWalletOwner({ db }: OpsContext, who: string): Promise<UserRow | undefined> {
  if (who.includes('@')) return findUserByEmail(db.kysely, who.trim().toLowerCase());
  const phone = toE164(who);
  if (!phone) return undefined;
  const [first, ...others] = await findUsersByPhone(db.kysely, phone);
  if (!first || first.phone_verified_at !== null || others.length === 0) return first;
  throw new UsageError(`${others.length + 1} accounts typed ${phone} and none has proven it: name the wallet by its e-mail address (${[first, ...others].map((user) => user.email).join(', ')}).`);
}

const LAST_TRANSFERS = 10;

async function showWallet(context: OpsContext, user: UserRow): Promise<void> {
  const { db, out } = context;
  const wallet = await walletOf(db.kysely, user.id);
  const status = [
    user.closed_at ? `closed since ${user.closed_at}` : user.locked_at ? `LOCKED since ${user.locked_at}` : 'active',
    user.email_verified_at ? 'e-mail verified' : 'e-mail not verified',
  ].join(', ');
  for (const line of table([
    ['User', `${user.name} <${user.email}>, ${user.phone}`],
    ['User id', user.id],
    ['Wallet', wallet.id],
    ['Signed up', user.created_at],
    ['Status', status],
    ['Balance', formatCents(wallet.balance)],
  ])) {
    out(line);
  }
  // The statement's first page, as the wallet's owner sees it.
  const statement = createStatementService({ db: db.kysely, publicUrl: context.config.PUBLIC_URL });
  const { items: entries } = await statement.page(user.id, { type: 'all', page: 0, pageSize: LAST_TRANSFERS });
  out('');
  if (entries.length === 0) {
    out('No transfers yet.');
    return;
  }
  out(`Last ${entries.length} transfers:`);
  const rows = entries.map((entry) => [
    entry.createdAt,
    entry.type,
    formatCents(entry.amount.amount),
    `${entry.direction === 'out' ? 'to' : 'from'} ${entry.counterparty.name}${entry.counterparty.phone ? ` (${entry.counterparty.phone})` : ''}`,
    `balance ${formatCents(entry.balanceAfter.amount)}`,
    entry.transferId,
  ]);
  for (const line of table(rows)) out(`  ${line}`);
}
