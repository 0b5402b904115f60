/** A page number (from 0) or a gap ("…") in a row of page buttons. */
export type PageSlot = number | 'gap';

/**
 * The page buttons to show: always the first and last page, the current one and `siblings` pages
 * either side, with a gap where pages are left out. A gap never hides just one page (that page is
 * shown instead), so the row has a steady length as the current page moves.
 */
export function pageSlots(current: number, pageCount: number, siblings = 1): PageSlot[] {
  if (pageCount <= 0) return [];
  const last = pageCount - 1;
  const page = Math.min(Math.max(current, 0), last);
  // First, last, current, 2 × siblings and two gaps: with no more pages than that, show them all.
  if (pageCount <= 5 + 2 * siblings) return Array.from({ length: pageCount }, (_, index) => index);

  let start = Math.max(page - siblings, 1);
  let end = Math.min(page + siblings, last - 1);
  // Near an end, widen the window so the row keeps its length.
  if (start <= 2) {
    start = 1;
    end = Math.max(end, 2 + 2 * siblings);
  }
  if (end >= last - 2) {
    end = last - 1;
    start = Math.min(start, last - 2 - 2 * siblings);
  }
  const slots: PageSlot[] = [0];
  if (start > 1) slots.push('gap');
  for (let index = start; index <= end; index += 1) slots.push(index);
  if (end < last - 1) slots.push('gap');
  slots.push(last);
  return slots;
}

/** The 1-based positions of the rows a page shows, e.g. rows 6–10 of 12; null when there are none. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } | null {
  const from = page * pageSize + 1;
  if (total <= 0 || from > total) return null;
  return { from, to: Math.min(total, (page + 1) * pageSize) };
}

/** A page index from the address bar, made safe: a whole number from 0, or 0. */
export function parsePage(raw: string | null): number {
  if (raw === null || !/^[0-9]{1,6}$/.test(raw)) return 0;
  return Number(raw);
}
