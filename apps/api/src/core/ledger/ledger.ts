import { PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { timeOrderedUuid } from '../../db/time-ordered-uuid.js';
import { isoAt } from '../clock.js';
import { transferHash } from './journal-chain.js';
import type { HashedTransfer, LedgerWriter } from './ledger-writer.js';
import { assertMovable, refusalOf, walletSidesInLockOrder, type LedgerAccount, type Movement, type MovementResult } from './movement-rules.js';
import { writeOnPostgres } from './postgres-writer.js';
import { writeOnSqlite } from './sqlite-writer.js';

export { SYSTEM_ACCOUNTS } from './system-accounts.js';
export type { LedgerAccount, Movement, MovementResult } from './movement-rules.js';

/** The database's writer: the same rules (movement-rules.ts), carried out by each database its own way. */
const writerFor = (trx: Transaction<Database>): LedgerWriter => (trx.getExecutor().adapter instanceof PostgresAdapter ? writeOnPostgres : writeOnSqlite);

/**
 * The one way money moves. Must run inside the caller's transaction: it writes the transfer (its
 * content hashed, each wallet's posting linked into the wallet's hash chain), its two postings (which sum to zero) and the wallets' new
 * balances, or throws and writes nothing (the caller's transaction or savepoint rolls back what a
 * refused movement's writer had begun). A constant number of statements, whatever the size of the
 * journal. The rules: movement-rules.ts.
 */
export async function moveMoney(trx: Transaction<Database>, movement: Movement): Promise<MovementResult> {
  assertMovable(movement);
  const { debit, credit, amountCents: amount } = movement;
  const content = {
    id: timeOrderedUuid(),
    kind: movement.kind,
    amount,
    reference: movement.reference ?? null,
    counterparty: movement.counterparty ?? null,
    initiatedBy: movement.initiatedBy ?? null,
    createdAt: isoAt(movement.nowMs),
    debitAccountId: debit.id,
    creditAccountId: credit.id,
  };
  const transfer: HashedTransfer = { ...content, hash: transferHash(content) };
  const walletSides = walletSidesInLockOrder(movement);
  const outcome = await writerFor(trx)(trx, transfer, walletSides);
  if ('refusedAccountId' in outcome) {
    const refused = walletSides.find((side) => side.accountId === outcome.refusedAccountId);
    if (!refused) throw new Error(`moveMoney: the writer refused ${outcome.refusedAccountId}, not a wallet of this movement`);
    throw refusalOf(await walletState(trx, refused.accountId), refused.deltaCents);
  }
  return { transferId: transfer.id, createdAt: transfer.createdAt, debitBalanceAfter: outcome.moved.debit, creditBalanceAfter: outcome.moved.credit };
}

/** Whether a refused wallet is closed: read only on that (rare) path, to say why. */
async function walletState(trx: Transaction<Database>, accountId: string): Promise<{ closed: boolean }> {
  const wallet = await trx.selectFrom('accounts').select('closed_at').where('id', '=', accountId).where('kind', '=', 'wallet').executeTakeFirst();
  if (!wallet) throw new Error(`moveMoney: wallet ${accountId} not found`);
  return { closed: wallet.closed_at !== null };
}

export const systemAccount = (id: string): LedgerAccount => ({ id, kind: 'system' });
