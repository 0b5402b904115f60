/**
 * Reading values the database hands back. Counts and sums come back as strings or bigints on some
 * drivers; money must stay exact, so a value that is not a safe integer is a bug, not a number.
 */
export function safeInteger(value: unknown, what: string): number {
  const number = typeof value === 'number' || typeof value === 'bigint' || (typeof value === 'string' && value.trim() !== '') ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number)) throw new Error(`${what}: integer out of the safe range: ${String(value)}`);
  return number;
}

/** A value the data model guarantees (e.g. a wallet posting's balance after); its absence is a bug. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what}: missing`);
  return value;
}
