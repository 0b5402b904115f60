import { describe, expect, it } from 'vitest';
import {
  canonicalEntry,
  canonicalTransfer,
  canonicalTransferV1,
  entryHash,
  GENESIS_HASH_V1,
  sha256Hex,
  transferHash,
  transferHashV1,
  type TransferContent,
  type TransferV1,
  type WalletEntry,
} from './journal-chain.js';

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

describe("the canonical encoding, version 2 (the wallets' chains)", () => {
  const transfer: TransferContent = { ...content, debitAccountId: 'wallet-a', creditAccountId: 'wallet-b' };
  const entry: WalletEntry = { contentHash: transferHash(transfer), accountId: 'wallet-a', amount: -12_345, balanceAfter: 0, place: 42, previousHash: 'a'.repeat(64) };

  it("hashes a transfer's content as a JSON array in a fixed order, its two accounts last", () => {
    expect(canonicalTransfer(transfer)).toBe(
      '["poisha-transfer-v2","0b9c3f5e-1111-4222-8333-944445555666","transfer",12345,"USD","ভাড়া \\"rent\\"",null,"user-1","2026-11-24T10:00:00.000Z","wallet-a","wallet-b"]',
    );
    expect(transferHash(transfer)).toBe(sha256Hex(Buffer.from(canonicalTransfer(transfer), 'utf8')));
    expect(transferHash(transfer)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("hashes a wallet's entry as PostgreSQL's json_build_array writes it: elements separated by a comma and a space", () => {
    expect(canonicalEntry(entry)).toBe(`["poisha-entry-v2", "${entry.contentHash}", "wallet-a", -12345, 0, 42, "${'a'.repeat(64)}"]`);
    expect(canonicalEntry({ ...entry, place: 1, previousHash: null })).toBe(`["poisha-entry-v2", "${entry.contentHash}", "wallet-a", -12345, 0, 1, null]`);
    expect(entryHash(entry)).toBe(sha256Hex(canonicalEntry(entry)));
  });

  it('changes with every field each covers', () => {
    const transfers: TransferContent[] = [
      { ...transfer, amount: 12_346 },
      { ...transfer, kind: 'card_deposit' },
      { ...transfer, reference: null },
      { ...transfer, counterparty: '' },
      { ...transfer, initiatedBy: null },
      { ...transfer, createdAt: '2026-11-24T10:00:00.001Z' },
      { ...transfer, debitAccountId: 'wallet-c' },
      { ...transfer, debitAccountId: 'wallet-b', creditAccountId: 'wallet-a' },
    ];
    expect(new Set([transfer, ...transfers].map(transferHash)).size).toBe(transfers.length + 1);
    const entries: WalletEntry[] = [
      { ...entry, contentHash: 'b'.repeat(64) },
      { ...entry, accountId: 'wallet-c' },
      { ...entry, amount: -12_344 },
      { ...entry, balanceAfter: 1 },
      { ...entry, place: 43 },
      { ...entry, previousHash: 'b'.repeat(64) },
      { ...entry, previousHash: null },
    ];
    expect(new Set([entry, ...entries].map(entryHash)).size).toBe(entries.length + 1);
  });
});
