import { CURRENCY } from '@poisha/contracts';
import type { Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Database, NewUser, Queryable, UserRow } from '../../db/schema.js';
import { isoAt } from '../clock.js';

export interface UserWithBalance extends UserRow {
  balance: number;
  /** The welcome bonus's transfer, or null while it waits for the e-mail to be verified. */
  welcome_bonus_transfer_id: string | null;
  /** When the payment PIN was last set; null: none chosen yet. */
  payment_pin_set_at: string | null;
}

export function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The account that proved this number: only a proven number belongs to one account (decision
 * 0041). Any number of unproven accounts may hold it meanwhile; none of them keeps it from another.
 */
export function findProvenPhoneHolder(db: Queryable, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).where('phone_verified_at', 'is not', null).executeTakeFirst();
}

/** Every account holding the number: its proven holder first, then unproven ones, oldest first. */
export function findUsersByPhone(db: Queryable, phone: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('phone', '=', phone)
    .orderBy((eb) => eb.case().when('phone_verified_at', 'is not', null).then(0).else(1).end())
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Users beside their wallet's balance and welcome bonus: the one definition of what `toUserView` reads. */
export const usersWithBalance = (db: Queryable) =>
  db
    .selectFrom('users')
    .innerJoin('accounts', (join) => join.onRef('accounts.user_id', '=', 'users.id').on('accounts.currency', '=', CURRENCY))
    .leftJoin('welcome_bonuses', 'welcome_bonuses.user_id', 'users.id')
    .leftJoin('payment_pins', 'payment_pins.user_id', 'users.id')
    .selectAll('users')
    .select(['accounts.balance', 'welcome_bonuses.transfer_id as welcome_bonus_transfer_id', 'payment_pins.set_at as payment_pin_set_at']);

/** Asked by every screen that shows the balance: compiled once (db/compiled-once.ts). */
const userWithBalance = compiledOnce((db: Queryable, { userId }: { userId: string }) => usersWithBalance(db).where('users.id', '=', userId));

/** The user together with the balance of their wallet, in one query. */
export async function findUserWithBalance(db: Queryable, userId: string): Promise<UserWithBalance | undefined> {
  const [user] = await userWithBalance(db, { userId });
  return user;
}

/** Creates the user and their empty wallet; answers the wallet's account id. */
export async function insertUserWithWallet(db: Transaction<Database>, user: NewUser): Promise<string> {
  const walletId = crypto.randomUUID();
  await db.insertInto('users').values(user).execute();
  await db
    .insertInto('accounts')
    .values({
      id: walletId,
      user_id: user.id,
      kind: 'wallet',
      code: null,
      currency: CURRENCY,
      balance: 0,
      created_at: user.created_at,
    })
    .execute();
  return walletId;
}

export async function updatePasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Once the password changes (a reset, a change, a closed account), the user's outstanding reset links stop working. */
export async function expireUserResetTokens(db: Queryable, userId: string, now: number): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: isoAt(now) })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * The demo users' numbers were set by the server itself: proven, also in a database seeded before
 * numbers were proven (decision 0041). Open accounts with these addresses only.
 */
export async function markPhonesProvenByEmail(db: Queryable, emails: readonly string[], nowMs: number): Promise<void> {
  if (emails.length === 0) return;
  await db
    .updateTable('users')
    .set({ phone_verified_at: isoAt(nowMs) })
    .where('email', 'in', [...emails])
    .where('phone_verified_at', 'is', null)
    .where('closed_at', 'is', null)
    // Someone who proved the same number meanwhile owns it; the demo user then stays unproven.
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('users as holder').select('holder.id').whereRef('holder.phone', '=', 'users.phone').where('holder.phone_verified_at', 'is not', null))),
    )
    .execute();
}
