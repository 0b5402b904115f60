/** Bangladesh has one time zone, UTC+6 all year. */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/** Today's date in Dhaka as YYYY-MM-DD, whatever the browser's own time zone. */
export function dhakaToday(now: number = Date.now()): string {
  return new Date(now + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The period the statement screen opens with: this month so far, in Dhaka. */
export function defaultPeriod(now: number = Date.now()): { from: string; to: string } {
  const today = dhakaToday(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** A period the API accepts: two dates, the first not after the second. */
export function isValidPeriod(from: string, to: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
}
