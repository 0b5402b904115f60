import type { MoneyRequestDirection } from '@poisha/contracts';
import type { Transaction } from 'kysely';
import type { Database, MoneyRequestsTable, Queryable } from '../../db/schema.js';
import { safeInteger } from '../../db/values.js';

/** Which column ties a request to the signed-in user: they asked (sent) or they are asked (received). */
const ownerColumn = (direction: MoneyRequestDirection) => (direction === 'sent' ? 'r.requester_id' : 'r.payer_id');

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
    .executeTakeFirstOrThrow();
  return safeInteger(row.total, 'money requests count');
}

/** One request, only if the user is on the given side of it: anyone else's id finds nothing. */
export function findRequest(db: Queryable, userId: string, direction: MoneyRequestDirection, id: string): Promise<RequestRow | undefined> {
  return requestsWithParties(db).where('r.id', '=', id).where(ownerColumn(direction), '=', userId).executeTakeFirst();
}

export async function insertRequest(trx: Transaction<Database>, row: MoneyRequestsTable): Promise<void> {
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
