import { addMissingBanks } from '../core/banks/banks.repository.js';
import type { Db } from '../db/database.js';

export const BANKS = [
  'Sonali Bank',
  'Janata Bank',
  'Agrani Bank',
  'Rupali Bank',
  'BRAC Bank',
  'Dutch-Bangla Bank',
  'Eastern Bank',
  'The City Bank',
  'Islami Bank Bangladesh',
  'Prime Bank',
  'Pubali Bank',
  'Mutual Trust Bank',
  'Bank Asia',
  'Standard Chartered Bangladesh',
];

/** Reference data every installation needs. Safe to run at every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  await addMissingBanks(
    db.kysely,
    BANKS.map((name, index) => ({ id: name.toLowerCase().replaceAll(/[^a-z]+/g, '-'), name, sort_order: index })),
  );
}
