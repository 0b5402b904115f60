import type { Bank } from '@poisha/contracts';
import type { Queryable } from '../../db/schema.js';

/** The banks money can come from, in the order the forms list them. */
export function listBanks(db: Queryable): Promise<Bank[]> {
  return db.selectFrom('banks').select(['id', 'name']).orderBy('sort_order').execute();
}

export function findBank(db: Queryable, bankId: string): Promise<Bank | undefined> {
  return db.selectFrom('banks').select(['id', 'name']).where('id', '=', bankId).executeTakeFirst();
}

/** Adds the banks not there yet (by id); those already there stay as they are. */
export async function addMissingBanks(db: Queryable, banks: Array<{ id: string; name: string; sort_order: number }>): Promise<void> {
  await db
    .insertInto('banks')
    .values(banks)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}
