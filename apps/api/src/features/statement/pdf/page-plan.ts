/**
 * Where rows go, decided before the first one is drawn. Every row has the same height (long text
 * is shortened, never wrapped), so the number of pages follows from the number of entries and
 * "Page 2 of 7" can be printed while pages stream out: no page is held back to number it later.
 */
export interface PageGeometry {
  /** Rows that fit on the first page, below the holder's details and the summary. */
  firstPageRows: number;
  /** Rows that fit on every later page. */
  laterPageRows: number;
  /** Row slots the closing block (closing balance, totals) takes after the last row. */
  closingRows: number;
}

export interface PagePlan {
  pageCount: number;
  /** How many entries each page holds, first page first. */
  rowsPerPage: number[];
}

export function planPages(entryCount: number, geometry: PageGeometry): PagePlan {
  if (geometry.firstPageRows < geometry.closingRows || geometry.laterPageRows < geometry.closingRows || geometry.laterPageRows < 1) {
    throw new RangeError('planPages: a page must hold at least the closing block and one row');
  }
  // An empty statement still shows one row saying so.
  const rows = Math.max(entryCount, 1);
  const rowsPerPage: number[] = [];
  let left = rows;
  let capacity = geometry.firstPageRows;
  while (left > 0) {
    const onPage = Math.min(left, capacity);
    rowsPerPage.push(onPage);
    left -= onPage;
    if (left === 0 && capacity - onPage < geometry.closingRows) rowsPerPage.push(0);
    capacity = geometry.laterPageRows;
  }
  if (entryCount === 0) rowsPerPage[0] = 0;
  return { pageCount: rowsPerPage.length, rowsPerPage };
}
