import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTimeOrderedUuid } from '../../db/time-ordered-uuid.js';
import { sha256Hex } from './journal-chain.js';
import { canonicalSeal, firstUuidOf, keyIdOf, leafHash, merkleRoot, sealKeysOf, sealSignatureHolds, type SealContent } from './journal-seals.js';

const h = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const node = (left: Buffer, right: Buffer) => h(Buffer.from([1]), left, right);
const leaves = ['a', 'b', 'c', 'd', 'e'].map((id, index) => leafHash({ accountId: id, place: index + 1, chainHash: id.repeat(64) }));

describe("the seals' Merkle tree (RFC 6962's hashing)", () => {
  it('hashes a leaf with the 0x00 prefix over [account, place, hash]', () => {
    expect(leafHash({ accountId: 'w', place: 3, chainHash: 'f'.repeat(64) })).toEqual(h(Buffer.from([0]), Buffer.from(JSON.stringify(['w', 3, 'f'.repeat(64)]))));
  });

  it('splits at the largest power of two below the count', () => {
    const [a, b, c, d, e] = leaves as [Buffer, Buffer, Buffer, Buffer, Buffer];
    expect(merkleRoot([])).toBe(sha256Hex(''));
    expect(merkleRoot([a])).toBe(a.toString('hex'));
    expect(merkleRoot([a, b])).toBe(node(a, b).toString('hex'));
    expect(merkleRoot([a, b, c])).toBe(node(node(a, b), c).toString('hex'));
    expect(merkleRoot([a, b, c, d, e])).toBe(node(node(node(a, b), node(c, d)), e).toString('hex'));
  });

  it('gives, built leaf by leaf, the root of the RFC’s recursive definition, for every count up to 70', () => {
    const recursive = (hashes: Buffer[]): Buffer => {
      if (hashes.length === 1) return hashes[0]!;
      let split = 1;
      while (split * 2 < hashes.length) split *= 2;
      return node(recursive(hashes.slice(0, split)), recursive(hashes.slice(split)));
    };
    const many = Array.from({ length: 70 }, (_, index) => leafHash({ accountId: `w${index}`, place: index + 1, chainHash: 'c'.repeat(64) }));
    for (let count = 1; count <= many.length; count += 1) expect(merkleRoot(many.slice(0, count)), String(count)).toBe(recursive(many.slice(0, count)).toString('hex'));
  });

  it('changes with any leaf, its order, or one more or one fewer', () => {
    const root = merkleRoot(leaves);
    const variants = [leaves.slice(1), [...leaves, leaves[0]!], [leaves[1]!, leaves[0]!, ...leaves.slice(2)], [...leaves.slice(0, 4), leafHash({ accountId: 'e', place: 6, chainHash: 'e'.repeat(64) })]];
    for (const variant of variants) expect(merkleRoot(variant)).not.toBe(root);
  });
});

describe('a seal and its signature', () => {
  const content: SealContent = { seq: 2, prevHash: 'a'.repeat(64), sealedAt: '2026-11-29T10:00:00.000Z', wallets: 5, merkleRoot: merkleRoot(leaves) };
  const keys = sealKeysOf({ JOURNAL_SEAL_KEY: generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64') });
  const signed = (text: string) => sign(null, Buffer.from(text), keys.signing).toString('base64');
  const row = { ...content, hash: sha256Hex(canonicalSeal(content)), keyId: keyIdOf(keys.trusted[0]!), signature: signed(canonicalSeal(content)) };

  it('is a JSON array in a fixed order', () => {
    expect(canonicalSeal(content)).toBe(`["poisha-seal-v1",2,"${'a'.repeat(64)}","2026-11-29T10:00:00.000Z",5,"${content.merkleRoot}"]`);
  });

  it('holds under a trusted key, and not when its content, its hash or its signer differ', () => {
    expect(sealSignatureHolds(row, keys.trusted)).toBe('holds');
    expect(sealSignatureHolds({ ...row, wallets: 6 }, keys.trusted)).toBe('hash_differs');
    const other = generateKeyPairSync('ed25519');
    const forged = { ...row, keyId: keyIdOf(other.publicKey), signature: sign(null, Buffer.from(canonicalSeal(content)), other.privateKey).toString('base64') };
    expect(sealSignatureHolds(forged, keys.trusted)).toBe('untrusted_signature');
    // Trusted once its public key is listed (a key change: JOURNAL_SEAL_TRUSTED_KEYS).
    expect(sealSignatureHolds(forged, [...keys.trusted, other.publicKey])).toBe('holds');
    // A signature over something else, under the trusted key's id.
    expect(sealSignatureHolds({ ...row, signature: signed('something else') }, keys.trusted)).toBe('untrusted_signature');
  });
});

describe('the first UUID of a millisecond', () => {
  it('sorts at or before every time-ordered id made in that millisecond or later, and after those made before', () => {
    const at = Date.UTC(2026, 10, 29, 10);
    let now = at;
    const next = createTimeOrderedUuid(() => now);
    const made = [next(), next()];
    now = at + 1;
    made.push(next());
    now = at - 1;
    const earlier = createTimeOrderedUuid(() => now)();
    for (const id of made) expect(id >= firstUuidOf(at)).toBe(true);
    expect(earlier < firstUuidOf(at)).toBe(true);
  });
});
