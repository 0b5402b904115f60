/**
 * Asia/Dhaka is UTC+6 all year (no daylight saving since 2009), so calendar boundaries are plain
 * arithmetic on a fixed offset.
 */
export const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight in Dhaka at the start of a YYYY-MM-DD date, as a UTC instant. */
export function dhakaMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`) - DHAKA_OFFSET_MS;
}

/** "2026-11-21 15:04:05": the wall-clock time in Dhaka of a UTC instant. */
export function formatDhaka(iso: string): string {
  return new Date(Date.parse(iso) + DHAKA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

function dhakaMonthStart(year: number, monthIndex: number): number {
  return Date.UTC(year, monthIndex, 1) - DHAKA_OFFSET_MS;
}

export interface SpendingPeriods {
  /** Saturday 00:00 in Dhaka: the week in Bangladesh starts on Saturday. */
  weekStart: number;
  monthStart: number;
  yearStart: number;
  /** The starts of the last six calendar months, oldest first, with their "YYYY-MM" labels. */
  months: Array<{ label: string; start: number; end: number }>;
}

export function spendingPeriods(now: number): SpendingPeriods {
  const local = new Date(now + DHAKA_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const todayStart = Date.UTC(year, month, local.getUTCDate()) - DHAKA_OFFSET_MS;
  const daysSinceSaturday = (local.getUTCDay() + 1) % 7;
  const months = Array.from({ length: 6 }, (_, index) => {
    const offset = index - 5;
    const start = dhakaMonthStart(year, month + offset);
    const end = dhakaMonthStart(year, month + offset + 1);
    const labelDate = new Date(start + DHAKA_OFFSET_MS);
    return { label: labelDate.toISOString().slice(0, 7), start, end };
  });
  return {
    weekStart: todayStart - daysSinceSaturday * DAY_MS,
    monthStart: dhakaMonthStart(year, month),
    yearStart: dhakaMonthStart(year, 0),
    months,
  };
}
