import type { Bank } from '@poisha/contracts';
import type { Queryable } from '../../db/schema.js';

/** The banks money can come from, in the order the forms list them. */
export function listBanks(db: Queryable): Promise<Bank[]> {
  return db.selectFrom('banks').select(['id', 'name']).orderBy('sort_order').execute();
}

export function findBank(db: Queryable, bankId: string): Promise<Bank | undefined> {
  return db.selectFrom('banks').select(['id', 'name']).where('id', '=', bankId).executeTakeFirst();
}
