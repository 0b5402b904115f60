/**
 * Fast set-up for `npm run bench`, straight into the database through the app's own repository
 * and ledger code (no HTTP, no password hashing per wallet): wallets with their welcome bonus and
 * a signed-in session each, and one wallet with a long statement.
 */
import type { Db } from '../../apps/api/src/db/database.js';
import { insertChainedTransfers, type BulkTransfer } from '../../apps/api/src/core/ledger/bulk-journal.js';
import { insertUserWithWallet } from '../../apps/api/src/core/users/users.repository.js';
import { creditWelcomeBonus } from '../../apps/api/src/features/auth/welcome-bonus.js';
import { hashPassword } from '../../apps/api/src/core/users/passwords.js';
import { insertSession } from '../../apps/api/src/core/session/sessions.repository.js';
import { ABSOLUTE_TIMEOUT_MS } from '../../apps/api/src/core/session/session-policy.js';
import { hashToken, newSecretToken } from '../../apps/api/src/core/session/tokens.js';
import { isoAt } from '../../apps/api/src/core/clock.js';
import { timeOrderedUuid } from '../../apps/api/src/db/time-ordered-uuid.js';
import { hashPaymentPin, paymentPinKey } from '../../apps/api/src/core/payment-pin/payment-pin.js';
import { insertPaymentPin } from '../../apps/api/src/core/payment-pin/payment-pin.repository.js';

export interface SeededWallet {
  userId: string;
  accountId: string;
  phone: string;
  token: string;
}

const CHUNK = 500;
/**
 * The server's IDENTITY_HASH_SECRET during the benchmark (main.ts passes it): the once-per-identity
 * claims and the payment PINs are keyed with it. The benchmark's database is thrown away.
 */
export const BENCH_IDENTITY_SECRET = 'bench-identity-hash-secret-of-32-characters-or-more';
/** Every seeded wallet's payment PIN: each transfer of the benchmark carries it (decision 0042). */
export const BENCH_PIN = '24680';

/** `count` verified users (e-mail and phone), each with a wallet credited the welcome bonus, a payment PIN and a session token. */
export async function seedWallets(db: Db, count: number, nowMs: number): Promise<SeededWallet[]> {
  // One hash for all: nobody signs in with a password during the benchmark.
  const passwordHash = await hashPassword(crypto.randomUUID());
  const pinKey = paymentPinKey(BENCH_IDENTITY_SECRET);
  const wallets: SeededWallet[] = [];
  const chunks: number[][] = [];
  for (let start = 0; start < count; start += CHUNK) chunks.push(Array.from({ length: Math.min(CHUNK, count - start) }, (_, i) => start + i));
  // A few chunks at a time: PostgreSQL gains from parallel connections, SQLite queues them.
  let next = 0;
  await Promise.all(
    Array.from({ length: db.dialect === 'postgres' ? 4 : 1 }, async () => {
      for (let c = next++; c < chunks.length; c = next++) {
        await db.kysely.transaction().execute(async (trx) => {
          for (const index of chunks[c]!) {
            const userId = crypto.randomUUID();
            const phone = `+88017${String(index).padStart(8, '0')}`;
            const accountId = await insertUserWithWallet(trx, {
              id: userId,
              name: `Bench ${index}`,
              email: `bench${index}@example.com`,
              phone,
              country: 'BD',
              password_hash: passwordHash,
              photo_path: null,
              created_at: isoAt(nowMs),
              email_verified_at: isoAt(nowMs),
              // Proven, as a wallet that receives money must be (decision 0041).
              phone_verified_at: isoAt(nowMs),
            });
            // The bonus as the product pays it: the same ledger movement and once-per-identity claims.
            await creditWelcomeBonus(trx, BENCH_IDENTITY_SECRET, { userId, email: `bench${index}@example.com`, phone }, accountId, nowMs);
            await insertPaymentPin(trx, userId, hashPaymentPin(pinKey, userId, BENCH_PIN), nowMs);
            const token = newSecretToken();
            await insertSession(trx, {
              id: hashToken(token),
              user_id: userId,
              csrf_token: newSecretToken(),
              created_at: isoAt(nowMs),
              last_seen_at: isoAt(nowMs),
              expires_at: isoAt(nowMs + ABSOLUTE_TIMEOUT_MS),
              ip: null,
              user_agent: 'bench',
              public_id: crypto.randomUUID(),
              end_link_hash: null,
              device_hash: null,
            });
            wallets[index] = { userId, accountId, phone, token };
          }
        });
      }
    }),
  );
  return wallets;
}

/**
 * Gives `wallet` a statement of `entries` postings: one-cent transfers to and from `other`, in
 * turn, so both balances end where they started and every posting carries its true balance after.
 * Written in bulk (the journal's shape, not the movement's speed, is what this set-up is for),
 * linked into the journal's hash chain.
 */
export async function seedLongStatement(db: Db, wallet: SeededWallet, other: SeededWallet, entries: number, nowMs: number): Promise<void> {
  const balanceOf = async (accountId: string) =>
    (await db.kysely.selectFrom('accounts').select('balance').where('id', '=', accountId).executeTakeFirstOrThrow()).balance;
  const [walletStart, otherStart] = [await balanceOf(wallet.accountId), await balanceOf(other.accountId)];
  if (walletStart < 1) throw new Error('seedLongStatement: the wallet needs a cent');
  if (entries % 2 !== 0) throw new Error('seedLongStatement: an even number of entries leaves the balances as they are');
  for (let start = 0; start < entries; start += CHUNK) {
    const batch: BulkTransfer[] = [];
    for (let i = start; i < Math.min(entries, start + CHUNK); i += 1) {
      const out = i % 2 === 0;
      const id = timeOrderedUuid();
      const createdAt = isoAt(nowMs - (entries - i) * 1000);
      const [from, to] = out ? [wallet, other] : [other, wallet];
      // Out: the wallet is a cent short and the other a cent up; back: both whole again.
      const fromAfter = out ? walletStart - 1 : otherStart;
      const toAfter = out ? otherStart + 1 : walletStart;
      batch.push({
        transfer: { id, kind: 'transfer', amount: 1, reference: '1', counterparty: null, initiated_by: from.userId, created_at: createdAt },
        postings: [
          { transfer_id: id, account_id: from.accountId, amount: -1, direction: 'out', balance_after: fromAfter, created_at: createdAt },
          { transfer_id: id, account_id: to.accountId, amount: 1, direction: 'in', balance_after: toAfter, created_at: createdAt },
        ],
      });
    }
    // Linked into the hash chain as moveMoney links them, so `npm run ops -- verify-chain` passes.
    await db.kysely.transaction().execute((trx) => insertChainedTransfers(trx, batch));
  }
}
