import type { Bank } from '@poisha/contracts';
import type { Kysely } from 'kysely';
import { listBanks } from '../../core/banks/banks.repository.js';
import type { Database } from '../../db/schema.js';

export function createBanksService({ db }: { db: Kysely<Database> }) {
  return {
    /** Banks money can be added from, in the order the forms list them. */
    list: (): Promise<Bank[]> => listBanks(db),
  };
}

export type BanksService = ReturnType<typeof createBanksService>;
