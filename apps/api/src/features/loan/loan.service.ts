import type { LoanInterest } from '@poisha/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';
import { findInterest, insertInterest } from './loan.repository.js';

/** Loans are not offered yet: users can register their interest, once. */
export function createLoanService({ db }: { db: Kysely<Database> }) {
  async function interest(userId: string): Promise<LoanInterest> {
    const registeredAt = await findInterest(db, userId);
    return { registered: registeredAt !== null, registeredAt };
  }
  return {
    interest,
    async register(userId: string, now: number): Promise<LoanInterest> {
      await insertInterest(db, userId, isoAt(now));
      return interest(userId);
    },
  };
}

export type LoanService = ReturnType<typeof createLoanService>;
