import type { MoneyRequestDirection } from '@poisha/contracts';
import type { Insertable, Transaction } from 'kysely';
import type { Database, MoneyRequestsTable, Queryable } from '../../db/schema.js';
import { safeInteger } from '../../db/values.js';

/** Which column ties a request to the signed-in user: they asked (sent) or they are asked (received). */
const ownerColumn = (direction: MoneyRequestDirection) => (direction === 'sent' ? 'r.requester_id' : 'r.payer_id');
/**
 * A payer never sees a request withheld from them (it came from a requester they blocked,
 * decision 0033); its requester sees it as any other.
 */
const hiddenFrom = (direction: MoneyRequestDirection) => direction === 'received';

/** Requests with both parties' names and phones. */
function requestsWithParties(db: Queryable) {
  return db
    .selectFrom('money_requests as r')
    .innerJoin('users as requester', 'requester.id', 'r.requester_id')
    .innerJoin('users as payer', 'payer.id', 'r.payer_id')
    .selectAll('r')
    .select(['requester.name as requester_name', 'requester.phone as requester_phone', 'payer.name as payer_name', 'payer.phone as payer_phone']);
}
export type RequestRow = Awaited<ReturnType<ReturnType<typeof requestsWithParties>['execute']>>[number];

export function listRequests(db: Queryable, userId: string, direction: MoneyRequestDirection, window: { limit: number; offset: number }) {
  return requestsWithParties(db)
    .where(ownerColumn(direction), '=', userId)
    .$if(hiddenFrom(direction), (query) => query.where('r.withheld_at', 'is', null))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countRequests(db: Queryable, userId: string, direction: MoneyRequestDirection): Promise<number> {
  const row = await db
    .selectFrom('money_requests as r')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where(ownerColumn(direction), '=', userId)
    .$if(hiddenFrom(direction), (query) => query.where('r.withheld_at', 'is', null))
    .executeTakeFirstOrThrow();
  return safeInteger(row.total, 'money requests count');
}

/** One request, only if the user is on the given side of it: anyone else's id finds nothing. */
export function findRequest(db: Queryable, userId: string, direction: MoneyRequestDirection, id: string): Promise<RequestRow | undefined> {
  return requestsWithParties(db)
    .where('r.id', '=', id)
    .where(ownerColumn(direction), '=', userId)
    .$if(hiddenFrom(direction), (query) => query.where('r.withheld_at', 'is', null))
    .executeTakeFirst();
}

export async function insertRequest(trx: Transaction<Database>, row: Insertable<MoneyRequestsTable>): Promise<void> {
  await trx.insertInto('money_requests').values(row).execute();
}

/**
 * Decides a pending request: the one statement that moves it out of "pending", guarded by
 * `status = 'pending'` and the expiry. Of two racing decisions (two Pays, or Pay and Cancel) the
 * database lets exactly one change the row; the other finds no row and answers false.
 */
export async function decidePendingRequest(
  trx: Transaction<Database>,
  decision: { id: string; side: MoneyRequestDirection; userId: string; status: 'paid' | 'declined' | 'cancelled'; nowIso: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('money_requests')
    .set({ status: decision.status, resolved_at: decision.nowIso })
    .where('id', '=', decision.id)
    .where(decision.side === 'sent' ? 'requester_id' : 'payer_id', '=', decision.userId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', decision.nowIso)
    .executeTakeFirst();
  return safeInteger(result.numUpdatedRows, 'decided money requests') === 1;
}

export async function recordPayment(trx: Transaction<Database>, id: string, transferId: string): Promise<void> {
  await trx.updateTable('money_requests').set({ transfer_id: transferId }).where('id', '=', id).execute();
}

/** Requests from one requester to one payer still waiting (pending and not expired). */
export async function countPendingBetween(db: Queryable, requesterId: string, payerId: string, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom('money_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('requester_id', '=', requesterId)
    .where('payer_id', '=', payerId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', nowIso)
    .executeTakeFirstOrThrow();
  return safeInteger(row.total, 'pending money requests');
}

export async function isBlocked(db: Queryable, payerId: string, requesterId: string): Promise<boolean> {
  const row = await db.selectFrom('request_blocks').select('user_id').where('user_id', '=', payerId).where('blocked_user_id', '=', requesterId).executeTakeFirst();
  return row !== undefined;
}

/** Blocks a requester (once) and withholds their requests still waiting for the payer. */
/** Blocks the requester (again: the first block stands) and answers since when it is blocked. */
export async function insertBlock(trx: Transaction<Database>, payerId: string, requesterId: string, nowIso: string): Promise<string> {
  await trx
    .insertInto('request_blocks')
    .values({ user_id: payerId, blocked_user_id: requesterId, created_at: nowIso })
    .onConflict((conflict) => conflict.columns(['user_id', 'blocked_user_id']).doNothing())
    .execute();
  await trx
    .updateTable('money_requests')
    .set({ withheld_at: nowIso })
    .where('payer_id', '=', payerId)
    .where('requester_id', '=', requesterId)
    .where('status', '=', 'pending')
    .where('withheld_at', 'is', null)
    .execute();
  const block = await trx.selectFrom('request_blocks').select('created_at').where('user_id', '=', payerId).where('blocked_user_id', '=', requesterId).executeTakeFirstOrThrow();
  return block.created_at;
}

export async function deleteBlock(db: Queryable, payerId: string, requesterId: string): Promise<boolean> {
  const result = await db.deleteFrom('request_blocks').where('user_id', '=', payerId).where('blocked_user_id', '=', requesterId).executeTakeFirst();
  return safeInteger(result.numDeletedRows, 'deleted request blocks') === 1;
}

/** The numbers the user blocked, newest first (a closed account's number reads as it was). */
export function listBlocks(db: Queryable, payerId: string) {
  return db
    .selectFrom('request_blocks as b')
    .innerJoin('users as blocked', 'blocked.id', 'b.blocked_user_id')
    .select(['blocked.id as user_id', 'blocked.name', 'blocked.phone', 'b.created_at'])
    .where('b.user_id', '=', payerId)
    .where('blocked.closed_at', 'is', null)
    .orderBy('b.created_at', 'desc')
    .orderBy('blocked.id')
    .execute();
}
