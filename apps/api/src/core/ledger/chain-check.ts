import type { KeyObject } from 'node:crypto';
import { PostgresAdapter, sql } from 'kysely';
import type { Queryable } from '../../db/schema.js';
import { safeInteger } from '../../db/values.js';
import { CHAIN_HEAD_ID, entryHash, GENESIS_HASH_V1, transferHash, transferHashV1 } from './journal-chain.js';
import { leafHash, MerkleTree, sealSignatureHolds } from './journal-seals.js';

/**
 * The operator's check of the journal's hash chains (decisions 0018 and 0048): the frozen global
 * chain of version 1, every transfer's own hash, and each wallet's chain of entries.
 */
export type BrokenLinkReason =
  /** The row's content (or its postings) no longer gives its stored hash. */
  | 'content_altered'
  /** The row does not point at the hash of the entry before it. */
  | 'previous_hash_mismatch'
  /** A place in a chain is empty: a transfer was removed. */
  | 'transfer_missing'
  /** A head does not name the last entry of its chain: the newest ones were removed, or added around the ledger. */
  | 'head_mismatch'
  /** A transfer, or a wallet's posting, that is in no chain at all: written around the ledger. */
  | 'not_in_chain'
  /** A seal that no longer holds: its hash, its link to the seal before, its leaves' root, or a signature by no trusted key. */
  | 'seal_broken'
  /** A wallet's head that a seal signed is no longer in the wallet's chain: its history was rewritten. */
  | 'sealed_head_changed';

export interface BrokenLink {
  reason: BrokenLinkReason;
  /** Which chain: 'global' (version 1), 'transfers' (each transfer's own hash), 'seals', or a wallet's account id. */
  chain: string;
  /** The place in that chain where the break is (null when the break has none). */
  place: number | null;
  /** The transfer at (or, for a removed one, just after) the break; null when there is none. */
  transferId: string | null;
  detail: string;
}

export type ChainCheck =
  | { ok: true; transfers: number; wallets: number; seals: number; newestSealAt: string | null; globalHeadSeq: number; globalHeadHash: string }
  | { ok: false; transfersChecked: number; broken: BrokenLink };

interface TransferRow {
  id: string;
  kind: string;
  amount: number;
  reference: string | null;
  counterparty: string | null;
  initiated_by: string | null;
  created_at: string;
  chain_seq: number | null;
  prev_hash: string | null;
  hash: string | null;
}

const TRANSFER_COLUMNS = ['id', 'kind', 'amount', 'reference', 'counterparty', 'initiated_by', 'created_at', 'chain_seq', 'prev_hash', 'hash'] as const;

interface PostingRow {
  transfer_id: string;
  account_id: string;
  amount: number;
  balance_after: number | null;
  wallet_place: number | null;
  chain_hash: string | null;
}

/** The postings of these transfers, by transfer. */
async function postingsOf(db: Queryable, transferIds: string[]): Promise<Map<string, PostingRow[]>> {
  const byTransfer = new Map<string, PostingRow[]>();
  if (transferIds.length === 0) return byTransfer;
  const rows = await db
    .selectFrom('postings')
    .select(['transfer_id', 'account_id', 'amount', 'balance_after', 'wallet_place', 'chain_hash'])
    .where('transfer_id', 'in', transferIds)
    .execute();
  for (const row of rows) byTransfer.set(row.transfer_id, [...(byTransfer.get(row.transfer_id) ?? []), row]);
  return byTransfer;
}

const selectTransfers = (db: Queryable) => db.selectFrom('transfers').select([...TRANSFER_COLUMNS]);

/** A page of transfers, as `page` filters and orders them, with their postings. */
async function transfersWithPostings(
  db: Queryable,
  batchSize: number,
  page: (query: ReturnType<typeof selectTransfers>) => ReturnType<typeof selectTransfers>,
): Promise<{ rows: TransferRow[]; postings: Map<string, PostingRow[]> }> {
  const rows = (await page(selectTransfers(db)).limit(batchSize).execute()) as TransferRow[];
  return { rows, postings: await postingsOf(db, rows.map((row) => row.id)) };
}

/** Whether a transfer's row and postings still give its stored hash, in the encoding it was written with. */
export function transferIsIntact(row: TransferRow, postings: PostingRow[]): boolean {
  if (row.hash === null) return false;
  const content = {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    reference: row.reference,
    counterparty: row.counterparty,
    initiatedBy: row.initiated_by,
    createdAt: row.created_at,
  };
  if (row.chain_seq !== null) {
    if (row.prev_hash === null) return false;
    const v1Postings = postings.map((posting) => ({ accountId: posting.account_id, amount: posting.amount, balanceAfter: posting.balance_after }));
    return transferHashV1({ ...content, seq: row.chain_seq, prevHash: row.prev_hash, postings: v1Postings }) === row.hash;
  }
  // Its two postings move exactly its amount, out of the debit account and into the credit one.
  const debit = postings.filter((posting) => posting.amount === -row.amount);
  const credit = postings.filter((posting) => posting.amount === row.amount);
  if (postings.length !== 2 || debit.length !== 1 || credit.length !== 1) return false;
  return transferHash({ ...content, debitAccountId: debit[0]!.account_id, creditAccountId: credit[0]!.account_id }) === row.hash;
}

/**
 * Whether a wallet's posting still gives its entry hash: since version 2, over its transfer's
 * content hash, itself and the wallet's entry hash before (`previousHash`); a posting of version 1
 * took its transfer's hash (which the global chain covers).
 */
export function entryIsIntact(transfer: { hash: string | null; chain_seq: number | null }, posting: Omit<PostingRow, 'transfer_id'>, previousHash: string | null): boolean {
  if (posting.wallet_place === null || posting.chain_hash === null || transfer.hash === null) return false;
  if (transfer.chain_seq !== null) return posting.chain_hash === transfer.hash;
  if (posting.balance_after === null) return false;
  return (
    entryHash({ contentHash: transfer.hash, accountId: posting.account_id, amount: posting.amount, balanceAfter: posting.balance_after, place: posting.wallet_place, previousHash }) ===
    posting.chain_hash
  );
}

/**
 * Walks everything in batches (bounded memory) and names the first broken link: the frozen global
 * chain in `chain_seq` order and its head; every transfer written since, by its own hash; then each
 * wallet's chain, place by place, and its head on the wallet row. An operator's check
 * (`npm run ops -- verify-chain`): it reads the whole journal, so it is not for requests.
 */
export async function verifyJournalChain(db: Queryable, options: { batchSize?: number; trustedSealKeys?: KeyObject[] } = {}): Promise<ChainCheck> {
  const batchSize = options.batchSize ?? 1000;
  let checked = 0;
  const broken = (link: BrokenLink): ChainCheck => ({ ok: false, transfersChecked: checked, broken: link });

  // 1. The global chain of version 1, frozen where the wallets' chains began.
  let expectedSeq = 1;
  let previousHash = GENESIS_HASH_V1;
  for (;;) {
    const { rows, postings } = await transfersWithPostings(db, batchSize, (query) => query.where('chain_seq', '>=', expectedSeq).orderBy('chain_seq'));
    if (rows.length === 0) break;
    for (const row of rows) {
      const seq = row.chain_seq!;
      if (seq !== expectedSeq) {
        return broken({
          reason: 'transfer_missing',
          chain: 'global',
          place: expectedSeq,
          transferId: row.id,
          detail: `no transfer at place ${expectedSeq}; the next one, ${row.id} at ${seq}, points at ${row.prev_hash}`,
        });
      }
      if (row.prev_hash !== previousHash) {
        return broken({ reason: 'previous_hash_mismatch', chain: 'global', place: seq, transferId: row.id, detail: `points at ${row.prev_hash}, the transfer before has ${previousHash}` });
      }
      if (!transferIsIntact(row, postings.get(row.id) ?? [])) {
        return broken({ reason: 'content_altered', chain: 'global', place: seq, transferId: row.id, detail: `its content no longer gives its stored hash ${row.hash}` });
      }
      checked += 1;
      expectedSeq = seq + 1;
      previousHash = row.hash!;
    }
  }
  const head = await db.selectFrom('journal_chain_head').select(['seq', 'hash']).where('id', '=', CHAIN_HEAD_ID).executeTakeFirst();
  const headSeq = head ? safeInteger(head.seq, 'chain head') : null;
  if (!head || headSeq !== expectedSeq - 1 || head.hash !== previousHash) {
    return broken({
      reason: 'head_mismatch',
      chain: 'global',
      place: headSeq,
      transferId: null,
      detail: `the head names place ${headSeq ?? 'none'} (${head?.hash ?? 'no hash'}), the chain ends at ${expectedSeq - 1} (${previousHash})`,
    });
  }

  // 2. Every transfer since, by its content hash, in the order of its ids (the primary key).
  let afterId = '';
  for (;;) {
    const position = afterId;
    const { rows, postings } = await transfersWithPostings(db, batchSize, (query) => query.where('chain_seq', 'is', null).where('id', '>', position).orderBy('id'));
    if (rows.length === 0) break;
    for (const row of rows) {
      if (row.hash === null) return broken({ reason: 'not_in_chain', chain: 'transfers', place: null, transferId: row.id, detail: 'this transfer has no hash and no place in any chain' });
      // Its content hash anyone can compute: a wallet's chain (and its seals) is what vouches for it.
      if (!(postings.get(row.id) ?? []).some((posting) => posting.wallet_place !== null)) {
        return broken({ reason: 'not_in_chain', chain: 'transfers', place: null, transferId: row.id, detail: "this transfer has no place in any wallet's chain" });
      }
      if (!transferIsIntact(row, postings.get(row.id) ?? [])) {
        return broken({ reason: 'content_altered', chain: 'transfers', place: null, transferId: row.id, detail: `its content no longer gives its stored hash ${row.hash}` });
      }
      checked += 1;
    }
    afterId = rows.at(-1)!.id;
  }

  // 3. The seals, in order: each one's hash, signature, link and root over its leaves, so the
  // sealed heads that step 4 compares with the wallets' chains are the ones that were signed.
  const seals = await verifySeals(db, previousHash, options.trustedSealKeys ?? [], batchSize);
  if ('reason' in seals) return broken(seals);

  // 4. Each wallet's chain in the order of its postings: places 1, 2, 3, … without a gap, each
  // entry since version 2 hashed over the one before, every sealed head still in it, and the wallet
  // row naming the last one.
  // A posting has a place exactly when its account is a wallet: a wallet posting without one was
  // written around the ledger, and an account whose kind was changed would drop out of the walk.
  const misplaced = await db
    .selectFrom('postings')
    .innerJoin('accounts', 'accounts.id', 'postings.account_id')
    .select(['postings.transfer_id', 'postings.account_id', 'accounts.kind'])
    .where((eb) =>
      eb.or([
        eb.and([eb('accounts.kind', '=', 'wallet'), eb('postings.wallet_place', 'is', null)]),
        eb.and([eb('accounts.kind', '<>', 'wallet'), eb('postings.wallet_place', 'is not', null)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  if (misplaced) {
    const detail = misplaced.kind === 'wallet' ? "this wallet's posting has no place in the wallet's chain" : 'an account that is not a wallet has a place in a chain';
    return broken({ reason: 'not_in_chain', chain: misplaced.account_id, place: null, transferId: misplaced.transfer_id, detail });
  }
  const sealedElsewhere = await db
    .selectFrom('journal_seal_wallets')
    .leftJoin('accounts', 'accounts.id', 'journal_seal_wallets.account_id')
    .select('journal_seal_wallets.account_id')
    .where((eb) => eb.or([eb('accounts.kind', 'is', null), eb('accounts.kind', '<>', 'wallet')]))
    .limit(1)
    .executeTakeFirst();
  if (sealedElsewhere) {
    return broken({ reason: 'not_in_chain', chain: sealedElsewhere.account_id, place: null, transferId: null, detail: 'an account that is not a wallet has a sealed head' });
  }
  let wallets = 0;
  let afterWallet = '';
  for (;;) {
    const walletRows = await db
      .selectFrom('accounts')
      .select(['id', 'entries_in', 'entries_out', 'chain_hash'])
      .where('kind', '=', 'wallet')
      .where('id', '>', afterWallet)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (walletRows.length === 0) break;
    for (const wallet of walletRows) {
      const walletBreak = await verifyWalletChain(db, wallet, batchSize);
      if (walletBreak) return broken(walletBreak);
      wallets += 1;
    }
    afterWallet = walletRows.at(-1)!.id;
  }

  return { ok: true, transfers: checked, wallets, seals: seals.count, newestSealAt: seals.newestAt, globalHeadSeq: expectedSeq - 1, globalHeadHash: previousHash };
}

/** Every seal in order; how many there are and when the newest was made, or the first break. */
async function verifySeals(db: Queryable, globalHeadHash: string, trusted: KeyObject[], batchSize: number): Promise<{ count: number; newestAt: string | null } | BrokenLink> {
  let expectedSeq = 1;
  let previousHash = globalHeadHash;
  let newestAt: string | null = null;
  for (;;) {
    const seal = await db.selectFrom('journal_seals').selectAll().where('seq', '>=', expectedSeq).orderBy('seq').limit(1).executeTakeFirst();
    if (!seal) return { count: expectedSeq - 1, newestAt };
    const seq = safeInteger(seal.seq, 'seal');
    const sealBroken = (detail: string): BrokenLink => ({ reason: 'seal_broken', chain: 'seals', place: seq, transferId: null, detail });
    if (seq !== expectedSeq) return sealBroken(`no seal ${expectedSeq}; the next is ${seq}`);
    if (seal.prev_hash !== previousHash) return sealBroken(`points at ${seal.prev_hash}, the seal before has ${previousHash}`);
    const content = { seq, prevHash: seal.prev_hash, sealedAt: seal.sealed_at, wallets: safeInteger(seal.wallets, 'sealed wallets'), merkleRoot: seal.merkle_root };
    const signature = sealSignatureHolds({ ...content, hash: seal.hash, keyId: seal.key_id, signature: seal.signature }, trusted);
    if (signature !== 'holds') return sealBroken(signature === 'hash_differs' ? `its content no longer gives its hash ${seal.hash}` : `its signature is not by a trusted key (key ${seal.key_id})`);

    // The leaves page by page in byte order of the wallets' ids, the tree built as they come.
    const tree = new MerkleTree();
    const byteOrder = db.getExecutor().adapter instanceof PostgresAdapter ? sql<string>`account_id collate "C"` : sql<string>`account_id`;
    let afterAccount: string | null = null;
    for (;;) {
      const position: string | null = afterAccount;
      const page = await db
        .selectFrom('journal_seal_wallets')
        .select(['account_id', 'wallet_place', 'chain_hash'])
        .where('seal_seq', '=', seq)
        .$if(position !== null, (query) => query.where(byteOrder, '>', position!))
        .orderBy(byteOrder)
        .limit(batchSize)
        .execute();
      if (page.length === 0) break;
      for (const leaf of page) tree.push(leafHash({ accountId: leaf.account_id, place: safeInteger(leaf.wallet_place, 'sealed place'), chainHash: leaf.chain_hash }));
      afterAccount = page.at(-1)!.account_id;
    }
    const root = tree.root();
    if (tree.size !== content.wallets || root !== content.merkleRoot) {
      return sealBroken(`its ${tree.size} wallets' heads give the root ${root}, it signed ${content.wallets} giving ${content.merkleRoot}`);
    }
    expectedSeq = seq + 1;
    previousHash = seal.hash;
    newestAt = seal.sealed_at;
  }
}

/**
 * One wallet's chain in the order of its postings' ids (the (account, id) index; a wallet's
 * postings are written under its row's lock, so their ids follow its places), in batches, with the
 * heads the seals signed for it; the first break, or null.
 */
async function verifyWalletChain(
  db: Queryable,
  wallet: { id: string; entries_in: number; entries_out: number; chain_hash: string | null },
  batchSize: number,
): Promise<BrokenLink | null> {
  let expectedPlace = 1;
  let previousHash: string | null = null;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .selectFrom('postings')
      .innerJoin('transfers', 'transfers.id', 'postings.transfer_id')
      .select([
        'postings.id',
        'postings.transfer_id',
        'postings.account_id',
        'postings.amount',
        'postings.balance_after',
        'postings.wallet_place',
        'postings.chain_hash',
        'transfers.hash as transfer_hash',
        'transfers.chain_seq',
      ])
      .where('postings.account_id', '=', wallet.id)
      .where('postings.id', '>', afterId)
      .orderBy('postings.id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    const firstPlace = expectedPlace;
    const hashesByPlace = new Map<number, { hash: string | null; transferId: string }>();
    for (const row of rows) {
      const place = row.wallet_place === null ? null : safeInteger(row.wallet_place, 'wallet place');
      if (place !== expectedPlace) {
        return {
          reason: 'transfer_missing',
          chain: wallet.id,
          place: expectedPlace,
          transferId: row.transfer_id,
          detail: `no entry at place ${expectedPlace} of wallet ${wallet.id} (removed, or out of order); the next one is ${row.transfer_id} at ${place ?? 'no place'}`,
        };
      }
      if (!entryIsIntact({ hash: row.transfer_hash, chain_seq: row.chain_seq }, row, previousHash)) {
        return {
          reason: 'content_altered',
          chain: wallet.id,
          place,
          transferId: row.transfer_id,
          detail: `the entry no longer gives its stored hash ${row.chain_hash} over the wallet's entry before (${previousHash ?? 'none'})`,
        };
      }
      hashesByPlace.set(place, { hash: row.chain_hash, transferId: row.transfer_id });
      expectedPlace = place + 1;
      previousHash = row.chain_hash;
      afterId = safeInteger(row.id, 'posting');
    }
    const sealedBreak = await sealedHeadsHold(db, wallet.id, firstPlace, expectedPlace - 1, hashesByPlace);
    if (sealedBreak) return sealedBreak;
  }
  // A head sealed past the chain's end: entries were removed since it was sealed.
  const sealedBreak = await sealedHeadsHold(db, wallet.id, expectedPlace, Number.MAX_SAFE_INTEGER, new Map());
  if (sealedBreak) return sealedBreak;
  const entries = safeInteger(wallet.entries_in, 'entries in') + safeInteger(wallet.entries_out, 'entries out');
  if (entries !== expectedPlace - 1 || wallet.chain_hash !== previousHash) {
    return {
      reason: 'head_mismatch',
      chain: wallet.id,
      place: entries,
      transferId: null,
      detail: `the wallet row names place ${entries} (${wallet.chain_hash ?? 'no hash'}), its chain ends at ${expectedPlace - 1} (${previousHash ?? 'no hash'})`,
    };
  }
  return null;
}

/** Whether every head the seals signed for this wallet at places `from`..`to` is the entry the chain has there. */
async function sealedHeadsHold(
  db: Queryable,
  accountId: string,
  from: number,
  to: number,
  hashesByPlace: Map<number, { hash: string | null; transferId: string }>,
): Promise<BrokenLink | null> {
  const sealed = await db
    .selectFrom('journal_seal_wallets')
    .select(['seal_seq', 'wallet_place', 'chain_hash'])
    .where('account_id', '=', accountId)
    .where('wallet_place', '>=', from)
    .where('wallet_place', '<=', to)
    .orderBy('wallet_place')
    .execute();
  for (const leaf of sealed) {
    const place = safeInteger(leaf.wallet_place, 'sealed place');
    const entry = hashesByPlace.get(place);
    if (entry?.hash !== leaf.chain_hash) {
      return {
        reason: 'sealed_head_changed',
        chain: accountId,
        place,
        transferId: entry?.transferId ?? null,
        detail: `seal ${leaf.seal_seq} signed ${leaf.chain_hash} at this place; the wallet's chain has ${entry?.hash ?? 'no entry'} there`,
      };
    }
  }
  return null;
}

/** One line for an operator. */
export function describeChainCheck(check: ChainCheck): string {
  if (check.ok) {
    const global = check.globalHeadSeq === 0 ? 'no global chain of version 1' : `the global chain of version 1 frozen at ${check.globalHeadSeq} ${check.globalHeadHash}`;
    const seals = check.newestSealAt === null ? 'no seals' : `${check.seals} seals (the newest made ${check.newestSealAt})`;
    return `The journal's hash chains verify: ${check.transfers} transfers, ${check.wallets} wallets' chains, ${seals}, ${global}.`;
  }
  const { broken } = check;
  const chain =
    broken.chain === 'global' ? 'the global chain' : broken.chain === 'transfers' ? "the transfers' own hashes" : broken.chain === 'seals' ? 'the seals' : `the chain of wallet ${broken.chain}`;
  const where = broken.transferId ? `transfer ${broken.transferId}` : 'its head';
  return `The journal's hash chains are broken in ${chain} at place ${broken.place ?? '-'} (${where}): ${broken.reason}; ${broken.detail}. ${check.transfersChecked} transfers before it verify.`;
}

/**
 * The first of these transfers whose row no longer gives its stored hash, or whose links do not
 * hold (version 1: the global predecessor's hash; version 2: each wallet's entry hash over the
 * wallet's entry before); null when all hold. For checking one document, not the chains.
 */
export async function firstAlteredTransfer(db: Queryable, transferIds: string[], batchSize = 500): Promise<string | null> {
  for (let start = 0; start < transferIds.length; start += batchSize) {
    const ids = transferIds.slice(start, start + batchSize);
    const rows = (await db.selectFrom('transfers').select([...TRANSFER_COLUMNS]).where('id', 'in', ids).execute()) as TransferRow[];
    if (rows.length !== ids.length) return ids.find((id) => !rows.some((row) => row.id === id)) ?? ids[0]!;
    const postings = await postingsOf(db, ids);
    const predecessorSeqs = rows.filter((row) => row.chain_seq !== null && row.chain_seq > 1).map((row) => row.chain_seq! - 1);
    const globalPredecessors =
      predecessorSeqs.length === 0 ? [] : await db.selectFrom('transfers').select(['chain_seq', 'hash']).where('chain_seq', 'in', predecessorSeqs).execute();
    // Each wallet posting's entry before: the wallet's posting with the next lower id.
    const entriesBefore = await db
      .selectFrom('postings as p')
      .leftJoin('postings as before', (join) =>
        join.on('before.id', '=', (eb) =>
          eb
            .selectFrom('postings as earlier')
            .select((inner) => inner.fn.max('earlier.id').as('id'))
            .whereRef('earlier.account_id', '=', 'p.account_id')
            .whereRef('earlier.id', '<', 'p.id'),
        ),
      )
      .select(['p.transfer_id', 'p.account_id', 'before.chain_hash as previous_hash', 'before.wallet_place as previous_place'])
      .where('p.transfer_id', 'in', ids)
      .where('p.wallet_place', 'is not', null)
      .execute();
    for (const row of rows) {
      const own = postings.get(row.id) ?? [];
      if (!transferIsIntact(row, own)) return row.id;
      if (row.chain_seq !== null) {
        const previous = row.chain_seq === 1 ? GENESIS_HASH_V1 : globalPredecessors.find((candidate) => candidate.chain_seq === row.chain_seq! - 1)?.hash;
        if (previous !== row.prev_hash) return row.id;
        continue;
      }
      for (const posting of own) {
        if (posting.wallet_place === null) continue;
        const before = entriesBefore.find((candidate) => candidate.transfer_id === row.id && candidate.account_id === posting.account_id);
        const previousPlace = before?.previous_place === null || before?.previous_place === undefined ? 0 : safeInteger(before.previous_place, 'wallet place');
        if (previousPlace !== posting.wallet_place - 1 || !entryIsIntact(row, posting, before?.previous_hash ?? null)) return row.id;
      }
    }
  }
  return null;
}
