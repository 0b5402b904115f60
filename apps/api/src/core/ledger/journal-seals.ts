import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, Queryable } from '../../db/schema.js';
import { safeInteger } from '../../db/values.js';
import { isoAt } from '../clock.js';
import { CHAIN_HEAD_ID, sha256Hex } from './journal-chain.js';
import { compareLockOrder } from './movement-rules.js';

/**
 * The journal's seals (decision 0048). The wallets' chains have no global order, so nothing in
 * them says which entries existed at a given moment; a seal does. Every interval the sealer takes
 * the head (place and hash) of each wallet's chain that moved since the seal before, builds a
 * Merkle tree over them (RFC 6962's hashing, leaves in byte order of the wallets' ids), and signs
 * the seal's canonical text with a key kept outside the database. Each seal names the hash of the
 * one before (the first: the frozen global chain's head), so seals form a chain of their own.
 *
 * What it adds: a sealed head pins its wallet's whole history before it (each entry's hash covers
 * the one before), so someone who rewrites the database and recomputes a wallet's chain still
 * breaks the signed seal, which only the key's holder can remake.
 */
export const SEAL_ENCODING = 'poisha-seal-v1';

export interface SealLeaf {
  accountId: string;
  place: number;
  chainHash: string;
}

/** The leaf's hash: RFC 6962's 0x00 prefix over the canonical JSON [account, place, hash]. */
export function leafHash(leaf: SealLeaf): Buffer {
  return createHash('sha256')
    .update(Buffer.from([0]))
    .update(JSON.stringify([leaf.accountId, leaf.place, leaf.chainHash]), 'utf8')
    .digest();
}

const nodeHash = (left: Buffer, right: Buffer) => createHash('sha256').update(Buffer.from([1])).update(left).update(right).digest();

/**
 * RFC 6962's Merkle tree hash, built as the leaves arrive (so a seal of a million wallets is
 * checked page by page): complete subtrees of equal size are joined as soon as both exist, and the
 * root joins what is left from the right, which is the RFC's split at the largest power of two.
 */
export class MerkleTree {
  private readonly complete: Array<{ size: number; hash: Buffer }> = [];
  size = 0;

  push(leaf: Buffer): void {
    let node = { size: 1, hash: leaf };
    while (this.complete.length > 0 && this.complete.at(-1)!.size === node.size) {
      const left = this.complete.pop()!;
      node = { size: left.size * 2, hash: nodeHash(left.hash, node.hash) };
    }
    this.complete.push(node);
    this.size += 1;
  }

  /** Hex; the hash of nothing for an empty tree. */
  root(): string {
    if (this.complete.length === 0) return sha256Hex('');
    let hash = this.complete.at(-1)!.hash;
    for (let index = this.complete.length - 2; index >= 0; index -= 1) hash = nodeHash(this.complete[index]!.hash, hash);
    return hash.toString('hex');
  }
}

/** RFC 6962's Merkle tree hash over leaf hashes in order; hex. */
export function merkleRoot(leaves: Buffer[]): string {
  const tree = new MerkleTree();
  for (const leaf of leaves) tree.push(leaf);
  return tree.root();
}

export interface SealContent {
  seq: number;
  prevHash: string;
  sealedAt: string;
  wallets: number;
  merkleRoot: string;
}

/** ["poisha-seal-v1", seq, previous seal's hash, sealed at, wallets, Merkle root]: what the hash and the signature cover. */
export const canonicalSeal = (seal: SealContent) => JSON.stringify([SEAL_ENCODING, seal.seq, seal.prevHash, seal.sealedAt, seal.wallets, seal.merkleRoot]);

/** The keys: the one that signs new seals, and every public key whose seals still verify. */
export interface SealKeys {
  signing: KeyObject;
  trusted: KeyObject[];
}

/** The first 16 hex digits of SHA-256 of a public key's SPKI DER: which key signed a seal. */
export const keyIdOf = (publicKey: KeyObject) => sha256Hex(publicKey.export({ format: 'der', type: 'spki' })).slice(0, 16);

/** The seal keys from the settings (JOURNAL_SEAL_KEY, JOURNAL_SEAL_TRUSTED_KEYS), checked when the settings were read. */
export function sealKeysOf(config: { JOURNAL_SEAL_KEY: string; JOURNAL_SEAL_TRUSTED_KEYS?: string | undefined }): SealKeys {
  const signing = createPrivateKey({ key: Buffer.from(config.JOURNAL_SEAL_KEY, 'base64'), format: 'der', type: 'pkcs8' });
  const earlier = (config.JOURNAL_SEAL_TRUSTED_KEYS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '')
    .map((key) => createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' }));
  return { signing, trusted: [createPublicKey(signing), ...earlier] };
}

/** Whether a seal row's hash is its content's and its signature is from a trusted key. */
export function sealSignatureHolds(seal: SealContent & { hash: string; keyId: string; signature: string }, trusted: KeyObject[]): 'holds' | 'hash_differs' | 'untrusted_signature' {
  const text = canonicalSeal(seal);
  if (sha256Hex(text) !== seal.hash) return 'hash_differs';
  const key = trusted.find((candidate) => keyIdOf(candidate) === seal.keyId);
  if (!key || !verify(null, Buffer.from(text, 'utf8'), key, Buffer.from(seal.signature, 'base64'))) return 'untrusted_signature';
  return 'holds';
}

/** Wallets' heads read, and seal leaves written, this many at a time (well below SQLite's 32,766 parameters). */
const CHUNK = 500;

export interface SealMade {
  seq: number;
  wallets: number;
  merkleRoot: string;
  /** The seal's hash: logged, so a copy of it lives outside the database too. */
  hash: string;
}

/**
 * Makes the next seal over every wallet whose chain has moved since its last sealed head; null
 * when none has. Any instance may run it at any time: two at once both try the same `seq`, the
 * second's insert fails on the primary key and it answers null (the other sealed). Nothing here
 * waits for a movement, and no movement waits for it (heads are read, not locked): a head read
 * here is a committed entry, and an entry committed just after is sealed next time.
 */
export async function sealJournal(db: Kysely<Database>, keys: SealKeys, nowMs: number): Promise<SealMade | null> {
  let attemptedSeq: number | null = null;
  try {
    return await db.transaction().execute(async (trx) => {
      const last = await trx.selectFrom('journal_seals').select(['seq', 'hash', 'sealed_at']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
      const prevHash = last?.hash ?? (await trx.selectFrom('journal_chain_head').select('hash').where('id', '=', CHAIN_HEAD_ID).executeTakeFirstOrThrow()).hash;
      const seq = last ? safeInteger(last.seq, 'seal') + 1 : 1;
      attemptedSeq = seq;
      const leaves = await movedHeads(trx, last?.sealed_at ?? null);
      if (leaves.length === 0) return null;
      const content: SealContent = { seq, prevHash, sealedAt: isoAt(nowMs), wallets: leaves.length, merkleRoot: merkleRoot(leaves.map(leafHash)) };
      const text = canonicalSeal(content);
      const hash = sha256Hex(text);
      await trx
        .insertInto('journal_seals')
        .values({
          seq,
          prev_hash: prevHash,
          sealed_at: content.sealedAt,
          wallets: leaves.length,
          merkle_root: content.merkleRoot,
          hash,
          key_id: keyIdOf(createPublicKey(keys.signing)),
          signature: sign(null, Buffer.from(text, 'utf8'), keys.signing).toString('base64'),
        })
        .execute();
      for (let start = 0; start < leaves.length; start += CHUNK) {
        await trx
          .insertInto('journal_seal_wallets')
          .values(leaves.slice(start, start + CHUNK).map((leaf) => ({ seal_seq: seq, account_id: leaf.accountId, wallet_place: leaf.place, chain_hash: leaf.chainHash })))
          .execute();
      }
      return { seq, wallets: leaves.length, merkleRoot: content.merkleRoot, hash };
    });
  } catch (error) {
    if (attemptedSeq !== null && (await lostTheRace(db, error, attemptedSeq))) return null;
    throw error;
  }
}

/** Whether a failed seal lost a race: its insert hit the primary key, and another instance's seal now holds that place. */
async function lostTheRace(db: Kysely<Database>, error: unknown, seq: number): Promise<boolean> {
  const text = String((error as { message?: unknown })?.message ?? '');
  return /unique|duplicate key|PRIMARY KEY/i.test(text) && (await db.selectFrom('journal_seals').select('seq').where('seq', '=', seq).executeTakeFirst()) !== undefined;
}

/**
 * How far back the sealer looks for movements before the seal before: a transfer's id is stamped
 * (UUID v7, db/time-ordered-uuid.ts) before its transaction commits, so one that committed up to
 * this long after its stamp is still found. A movement's transaction lasts milliseconds; one later
 * than this is sealed with its wallet's next movement. Each seal reads this window's transfers once.
 */
const LOOKBACK_MS = 2 * 60 * 1000;

/** The smallest time-ordered UUID of a millisecond: ids at or after it were made then or later. */
export function firstUuidOf(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

/**
 * The heads of the wallets whose chains moved since their last sealed head, in byte order of their
 * ids. The candidates: every wallet with an entry for the first seal; then the wallets of the
 * transfers made since the seal before (less LOOKBACK_MS). Each page's last sealed heads in one query.
 */
async function movedHeads(db: Queryable, previousSealedAt: string | null): Promise<SealLeaf[]> {
  const moved: SealLeaf[] = [];
  const candidatePages =
    previousSealedAt === null ? allWalletPages(db) : walletsMovedSince(db, firstUuidOf(Date.parse(previousSealedAt) - LOOKBACK_MS));
  for await (const ids of candidatePages) {
    const heads = await db
      .selectFrom('accounts')
      .select(['id', sql<number>`entries_in + entries_out`.as('place'), 'chain_hash'])
      .where('id', 'in', ids)
      .where('kind', '=', 'wallet')
      .execute();
    const sealed = await db
      .selectFrom('journal_seal_wallets as s')
      .select(['s.account_id', 's.chain_hash'])
      .where('s.account_id', 'in', ids)
      .where('s.wallet_place', '=', (eb) =>
        eb.selectFrom('journal_seal_wallets as newest').select((inner) => inner.fn.max('newest.wallet_place').as('place')).whereRef('newest.account_id', '=', 's.account_id'),
      )
      .execute();
    const sealedHash = new Map(sealed.map((row) => [row.account_id, row.chain_hash]));
    for (const head of heads) {
      if (head.chain_hash !== null && sealedHash.get(head.id) !== head.chain_hash) {
        moved.push({ accountId: head.id, place: safeInteger(head.place, 'wallet place'), chainHash: head.chain_hash });
      }
    }
  }
  return moved.sort((left, right) => compareLockOrder(left.accountId, right.accountId));
}

/** Every wallet with an entry, a page of ids at a time. */
async function* allWalletPages(db: Queryable): AsyncGenerator<string[]> {
  let after = '';
  for (;;) {
    const page = await db.selectFrom('accounts').select('id').where('kind', '=', 'wallet').where('chain_hash', 'is not', null).where('id', '>', after).orderBy('id').limit(CHUNK).execute();
    if (page.length === 0) return;
    yield page.map((row) => row.id);
    after = page.at(-1)!.id;
  }
}

/** The wallets with an entry in a transfer whose id is at least `firstId`, a page at a time. */
async function* walletsMovedSince(db: Queryable, firstId: string): AsyncGenerator<string[]> {
  const rows = await db
    .selectFrom('transfers as t')
    .innerJoin('postings as p', 'p.transfer_id', 't.id')
    .select('p.account_id')
    .distinct()
    .where('t.id', '>=', firstId)
    .where('p.wallet_place', 'is not', null)
    .execute();
  const ids = rows.map((row) => row.account_id);
  for (let start = 0; start < ids.length; start += CHUNK) yield ids.slice(start, start + CHUNK);
}
