import { describe, expect, it } from 'vitest';
import { canonicalTransfer, GENESIS_HASH, sha256Hex, transferHash, type ChainedTransfer } from './journal-chain.js';

const transfer: ChainedTransfer = {
  seq: 7,
  prevHash: GENESIS_HASH,
  id: '0b9c3f5e-1111-4222-8333-944445555666',
  kind: 'transfer',
  amount: 12_345,
  reference: 'ভাড়া "rent"',
  counterparty: null,
  initiatedBy: 'user-1',
  createdAt: '2026-11-24T10:00:00.000Z',
  postings: [
    { accountId: 'wallet-b', amount: 12_345, balanceAfter: 22_345 },
    { accountId: 'wallet-a', amount: -12_345, balanceAfter: 0 },
  ],
};

describe('the canonical encoding of a transfer (version 1)', () => {
  it('is a JSON array in a fixed order, debit posting first, null written as null', () => {
    expect(canonicalTransfer(transfer)).toBe(
      '["poisha-journal-v1",7,"0000000000000000000000000000000000000000000000000000000000000000","0b9c3f5e-1111-4222-8333-944445555666",' +
        '"transfer",12345,"USD","ভাড়া \\"rent\\"",null,"user-1","2026-11-24T10:00:00.000Z",[["wallet-a",-12345,0],["wallet-b",12345,22345]]]',
    );
    expect(transferHash(transfer)).toBe(sha256Hex(Buffer.from(canonicalTransfer(transfer), 'utf8')));
    expect(transferHash(transfer)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with every field it covers', () => {
    const base = transferHash(transfer);
    const variants: ChainedTransfer[] = [
      { ...transfer, seq: 8 },
      { ...transfer, prevHash: 'f'.repeat(64) },
      { ...transfer, amount: 12_346 },
      { ...transfer, reference: null },
      { ...transfer, createdAt: '2026-11-24T10:00:00.001Z' },
      { ...transfer, postings: [transfer.postings[0]!, { ...transfer.postings[1]!, balanceAfter: 1 }] },
    ];
    for (const variant of variants) expect(transferHash(variant)).not.toBe(base);
  });
});
