import { sql, type Selectable } from 'kysely';
import type { PasskeyPurpose, PasskeysTable, Queryable } from '../../db/schema.js';
import { isoAt } from '../clock.js';

export type PasskeyRow = Selectable<PasskeysTable>;

export async function insertPasskeyChallenge(
  db: Queryable,
  challenge: { challengeHash: string; purpose: PasskeyPurpose; userId: string | null; nowMs: number; expiresAtMs: number },
): Promise<void> {
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge_hash: challenge.challengeHash,
      purpose: challenge.purpose,
      user_id: challenge.userId,
      created_at: isoAt(challenge.nowMs),
      expires_at: isoAt(challenge.expiresAtMs),
    })
    .execute();
}

/** A challenge as stored: whether (and for what) it may still be used is the caller's rule. */
export async function findPasskeyChallenge(db: Queryable, challengeHash: string) {
  return db.selectFrom('passkey_challenges').selectAll().where('challenge_hash', '=', challengeHash).executeTakeFirst();
}

/**
 * Uses a challenge once: the statement that finds it unused (or, for a payment, used by the same
 * Idempotency-Key: a retry of that payment) marks it, so two requests with one assertion cannot
 * both pass. Answers whether this request may go on.
 */
export async function useChallenge(db: Queryable, challengeHash: string, nowMs: number, usedFor: string | null): Promise<boolean> {
  const used = await db
    .updateTable('passkey_challenges')
    .set({ used_at: isoAt(nowMs), used_for: usedFor })
    .where('challenge_hash', '=', challengeHash)
    .where((eb) => (usedFor === null ? eb('used_at', 'is', null) : eb.or([eb('used_at', 'is', null), eb('used_for', '=', usedFor)])))
    .returning('challenge_hash')
    .executeTakeFirst();
  return used !== undefined;
}

export async function findPasskey(db: Queryable, id: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listPasskeys(db: Queryable, userId: string): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export async function insertPasskey(
  db: Queryable,
  passkey: { id: string; userId: string; publicKey: string; signCount: number; transports: string[] | undefined; synced: boolean; name: string; nowMs: number },
): Promise<PasskeyRow | undefined> {
  return db
    .insertInto('passkeys')
    .values({
      id: passkey.id,
      user_id: passkey.userId,
      public_key: passkey.publicKey,
      sign_count: passkey.signCount,
      transports: passkey.transports ? JSON.stringify(passkey.transports) : null,
      synced: passkey.synced ? 1 : 0,
      name: passkey.name,
      created_at: isoAt(passkey.nowMs),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * After a use: the authenticator's new counter, kept only if it moved forward (two uses racing
 * cannot move it back), and when it was last used.
 */
export async function recordPasskeyUse(db: Queryable, id: string, signCount: number, nowMs: number): Promise<void> {
  await db
    .updateTable('passkeys')
    .set({ sign_count: sql<number>`case when sign_count < ${signCount} then ${signCount} else sign_count end`, last_used_at: isoAt(nowMs) })
    .where('id', '=', id)
    .execute();
}

/** Removes one of the account's passkeys; answers its name, or undefined when the account has none by that id. */
export async function deletePasskey(db: Queryable, userId: string, id: string): Promise<string | undefined> {
  const deleted = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).returning('name').executeTakeFirst();
  return deleted?.name;
}

export async function deleteOldPasskeyChallenges(db: Queryable, nowMs: number): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<', isoAt(nowMs - 24 * 60 * 60 * 1000)).execute();
}
