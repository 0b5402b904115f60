import type { Db } from './database.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import { findUserByEmail } from '../modules/users/users.repository.js';

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

export const DEMO_USER = {
  name: 'Demo User',
  email: 'demo@poisha.app',
  password: 'demo-pass-123',
  phone: '+8801712345678',
};

/** Reference data every installation needs. Safe to run at every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.kysely
    .insertInto('banks')
    .values(BANKS.map((name, index) => ({ id: name.toLowerCase().replaceAll(/[^a-z]+/g, '-'), name, sort_order: index })))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** The demo account the README names, created through the same path as any sign-up. */
export async function seedDemoUser(db: Db, auth: AuthService, now: number): Promise<void> {
  if (await findUserByEmail(db.kysely, DEMO_USER.email)) return;
  await auth.signup(DEMO_USER, { ip: null, userAgent: 'seed', now });
}
