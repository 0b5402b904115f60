import { REQUEST_LIFETIME_MS, type MoneyRequestStatus } from '@poisha/contracts';
import type { MoneyRequestsTable } from '../../db/schema.js';
import { isoAt } from '../../core/clock.js';

/** When a request made at `createdAtMs` stops being payable: fixed at creation, from the clock. */
export const expiryOf = (createdAtMs: number): string => isoAt(createdAtMs + REQUEST_LIFETIME_MS);

/**
 * What a request reads as at `nowMs`. A decision (paid, declined, cancelled) is final; an
 * undecided request is pending until its expiry and expired from that instant on.
 */
export function requestStatusAt(stored: MoneyRequestsTable['status'], expiresAt: string, nowMs: number): MoneyRequestStatus {
  if (stored !== 'pending') return stored;
  return nowMs >= Date.parse(expiresAt) ? 'expired' : 'pending';
}
