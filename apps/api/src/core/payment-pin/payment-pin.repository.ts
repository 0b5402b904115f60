import { PostgresAdapter } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Queryable } from '../../db/schema.js';
import { isoAt } from '../clock.js';
import type { PinTries } from './payment-pin.js';

export interface StoredPin {
  pinHash: string;
  tries: PinTries;
}

const pinColumns = ['pin_hash', 'wrong_in_row', 'blocks', 'blocked_until'] as const;

function toStoredPin(row: { pin_hash: string; wrong_in_row: number; blocks: number; blocked_until: string | null }): StoredPin {
  return {
    pinHash: row.pin_hash,
    tries: { wrongInRow: row.wrong_in_row, blocks: row.blocks, blockedUntilMs: row.blocked_until === null ? null : Date.parse(row.blocked_until) },
  };
}

export async function findPaymentPin(db: Queryable, userId: string): Promise<StoredPin | undefined> {
  const row = await db.selectFrom('payment_pins').select(pinColumns).where('user_id', '=', userId).executeTakeFirst();
  return row && toStoredPin(row);
}

/**
 * The account's PIN, its row locked until the transaction ends (PostgreSQL; SQLite runs one writing
 * transaction at a time): guesses, payments and changes of one account are checked one at a time.
 */
export async function lockPaymentPin(trx: Queryable, userId: string): Promise<StoredPin | undefined> {
  const [row] = await selectPinForUpdate(trx, { userId });
  return row && toStoredPin(row);
}

/** Every payment runs it in its transaction (on SQLite, in the one writer's batch): compiled once per dialect. */
const selectPinForUpdate = compiledOnce((db: Queryable, { userId }: { userId: string }) => {
  const query = db.selectFrom('payment_pins').select(pinColumns).where('user_id', '=', userId);
  return db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
});

export async function saveTries(db: Queryable, userId: string, tries: PinTries): Promise<void> {
  await db
    .updateTable('payment_pins')
    .set({ wrong_in_row: tries.wrongInRow, blocks: tries.blocks, blocked_until: tries.blockedUntilMs === null ? null : isoAt(tries.blockedUntilMs) })
    .where('user_id', '=', userId)
    .execute();
}

/** The first PIN of an account: false when it already has one (parallel first choices: one wins). */
export async function insertPaymentPin(db: Queryable, userId: string, pinHash: string, nowMs: number): Promise<boolean> {
  const inserted = await db
    .insertInto('payment_pins')
    .values({ user_id: userId, pin_hash: pinHash, set_at: isoAt(nowMs) })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A new PIN (changed or reset): the count of wrong PINs and blocks starts again. */
export async function replacePaymentPin(db: Queryable, userId: string, pinHash: string, nowMs: number): Promise<void> {
  await db
    .updateTable('payment_pins')
    .set({ pin_hash: pinHash, wrong_in_row: 0, blocks: 0, blocked_until: null, set_at: isoAt(nowMs) })
    .where('user_id', '=', userId)
    .execute();
}
