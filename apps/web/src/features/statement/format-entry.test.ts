import { describe, expect, it } from 'vitest';
import type { StatementEntry } from '@poisha/contracts';
import { askBackLink, formatSignedMoney } from './format-entry';

describe('formatSignedMoney', () => {
  it('writes the sign of money in and out', () => {
    expect(formatSignedMoney({ amount: 5000, currency: 'USD' }, 'en-US')).toBe('+$50.00');
    expect(formatSignedMoney({ amount: -1005, currency: 'USD' }, 'en-US')).toBe('-$10.05');
    expect(formatSignedMoney({ amount: 0, currency: 'USD' }, 'en-US')).toBe('$0.00');
  });
});

describe('askBackLink', () => {
  const sent = {
    id: '1',
    transferId: 't',
    type: 'transfer',
    direction: 'out',
    amount: { amount: -1_500, currency: 'USD' },
    counterparty: { name: 'Bob', phone: '+8801711111111' },
    reference: '9',
    createdAt: '2026-11-21T09:00:00.000Z',
    balanceAfter: { amount: 98_500, currency: 'USD' },
  } as const satisfies StatementEntry;

  it('asks the same wallet for the same amount', () => {
    const url = new URL(askBackLink(sent, 'Sent by mistake') ?? '', 'http://x');
    expect(url.pathname).toBe('/dashboard/RequestMoney');
    expect(Object.fromEntries(url.searchParams)).toEqual({ from: '+8801711111111', amount: '15', note: 'Sent by mistake' });
  });

  it('keeps the cents of the amount (issue 24, defect 14), and offers nothing for money received or deposits', () => {
    const askedBack = (cents: number) => new URL(askBackLink({ ...sent, amount: { amount: -cents, currency: 'USD' } }, 'n') ?? '', 'http://x').searchParams.get('amount');
    expect(askedBack(7_550)).toBe('75.50');
    expect(askedBack(1_505)).toBe('15.05');
    expect(askedBack(5)).toBe('0.05');
    expect(askBackLink({ ...sent, direction: 'in', amount: { amount: 1_500, currency: 'USD' } }, 'n')).toBeNull();
    expect(askBackLink({ ...sent, type: 'bank_deposit', counterparty: { name: 'Sonali Bank', phone: null } }, 'n')).toBeNull();
  });
});
