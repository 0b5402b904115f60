import { describe, expect, it } from 'vitest';
import { canonicalTransfer, canonicalTransferV1, GENESIS_HASH_V1, sha256Hex, transferHash, transferHashV1, type ChainedTransfer, type TransferV1 } from './journal-chain.js';
import { linkedTransfer } from './ledger-writer.js';

const content = {
  id: '0b9c3f5e-1111-4222-8333-944445555666',
  kind: 'transfer',
  amount: 12_345,
  reference: 'ভাড়া "rent"',
  counterparty: null,
  initiatedBy: 'user-1',
  createdAt: '2026-11-24T10:00:00.000Z',
};

describe('the canonical encoding of a transfer, version 1 (frozen, the global chain)', () => {
  const transfer: TransferV1 = {
    ...content,
    seq: 7,
    prevHash: GENESIS_HASH_V1,
    postings: [
      { accountId: 'wallet-b', amount: 12_345, balanceAfter: 22_345 },
      { accountId: 'wallet-a', amount: -12_345, balanceAfter: 0 },
    ],
  };

  it('is a JSON array in a fixed order, debit posting first, null written as null', () => {
    expect(canonicalTransferV1(transfer)).toBe(
      '["poisha-journal-v1",7,"0000000000000000000000000000000000000000000000000000000000000000","0b9c3f5e-1111-4222-8333-944445555666",' +
        '"transfer",12345,"USD","ভাড়া \\"rent\\"",null,"user-1","2026-11-24T10:00:00.000Z",[["wallet-a",-12345,0],["wallet-b",12345,22345]]]',
    );
    expect(transferHashV1(transfer)).toBe(sha256Hex(Buffer.from(canonicalTransferV1(transfer), 'utf8')));
  });

  it('changes with every field it covers', () => {
    const base = transferHashV1(transfer);
    const variants: TransferV1[] = [
      { ...transfer, seq: 8 },
      { ...transfer, prevHash: 'f'.repeat(64) },
      { ...transfer, amount: 12_346 },
      { ...transfer, reference: null },
      { ...transfer, createdAt: '2026-11-24T10:00:00.001Z' },
      { ...transfer, postings: [transfer.postings[0]!, { ...transfer.postings[1]!, balanceAfter: 1 }] },
    ];
    for (const variant of variants) expect(transferHashV1(variant)).not.toBe(base);
  });
});

describe("the canonical encoding of a transfer, version 2 (the wallets' chains)", () => {
  const transfer: ChainedTransfer = {
    ...content,
    postings: [
      { accountId: 'wallet-b', amount: 12_345, balanceAfter: 22_345, link: { place: 1, prevHash: null } },
      { accountId: 'wallet-a', amount: -12_345, balanceAfter: 0, link: { place: 42, prevHash: 'a'.repeat(64) } },
    ],
  };

  it("is a JSON array in a fixed order, debit posting first, each wallet's place and previous hash with it", () => {
    expect(canonicalTransfer(transfer)).toBe(
      '["poisha-journal-v2","0b9c3f5e-1111-4222-8333-944445555666","transfer",12345,"USD","ভাড়া \\"rent\\"",null,"user-1","2026-11-24T10:00:00.000Z",' +
        `[["wallet-a",-12345,0,42,"${'a'.repeat(64)}"],["wallet-b",12345,22345,1,null]]]`,
    );
    expect(transferHash(transfer)).toBe(sha256Hex(Buffer.from(canonicalTransfer(transfer), 'utf8')));
    expect(transferHash(transfer)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes a system account as an account with neither balance nor link', () => {
    const deposit: ChainedTransfer = { ...transfer, postings: [{ accountId: 'system-bank', amount: -12_345, balanceAfter: null, link: null }, transfer.postings[0]!] };
    expect(canonicalTransfer(deposit)).toContain('[["system-bank",-12345,null,null,null],["wallet-b",12345,22345,1,null]]');
  });

  it('changes with every field it covers', () => {
    const base = transferHash(transfer);
    const [credit, debit] = transfer.postings as [ChainedTransfer['postings'][0], ChainedTransfer['postings'][0]];
    const variants: ChainedTransfer[] = [
      { ...transfer, amount: 12_346 },
      { ...transfer, kind: 'card_deposit' },
      { ...transfer, reference: null },
      { ...transfer, counterparty: '' },
      { ...transfer, initiatedBy: null },
      { ...transfer, createdAt: '2026-11-24T10:00:00.001Z' },
      { ...transfer, postings: [credit, { ...debit, balanceAfter: 1 }] },
      { ...transfer, postings: [credit, { ...debit, link: { place: 43, prevHash: 'a'.repeat(64) } }] },
      { ...transfer, postings: [credit, { ...debit, link: { place: 42, prevHash: 'b'.repeat(64) } }] },
      { ...transfer, postings: [{ ...credit, link: { place: 1, prevHash: '0'.repeat(64) } }, debit] },
      { ...transfer, postings: [{ ...credit, accountId: 'wallet-c' }, debit] },
    ];
    const hashes = variants.map(transferHash);
    expect(new Set([base, ...hashes]).size).toBe(variants.length + 1);
  });

  it('is what linkedTransfer writes: the postings from the wallets’ rows, debit and credit', () => {
    const linked = linkedTransfer(
      { ...content, kind: 'transfer', debitAccountId: 'wallet-a', creditAccountId: 'wallet-b' },
      { debit: { balanceAfter: 0, place: 42, prevHash: 'a'.repeat(64) }, credit: { balanceAfter: 22_345, place: 1, prevHash: null } },
    );
    expect(linked.hash).toBe(transferHash(transfer));
    expect(linked.postings.map((posting) => posting.amount)).toEqual([-12_345, 12_345]);
  });
});
