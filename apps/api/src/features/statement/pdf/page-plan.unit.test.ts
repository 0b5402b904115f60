import { describe, expect, it } from 'vitest';
import { planPages } from './page-plan.js';
import { STATEMENT_GEOMETRY } from './statement-pdf.js';

const geometry = { firstPageRows: 10, laterPageRows: 20, closingRows: 3 };

describe('planPages', () => {
  it('fills the first page, then later pages, and counts them before drawing', () => {
    expect(planPages(5, geometry)).toEqual({ pageCount: 1, rowsPerPage: [5] });
    expect(planPages(25, geometry)).toEqual({ pageCount: 2, rowsPerPage: [10, 15] });
    expect(planPages(10_000, STATEMENT_GEOMETRY).rowsPerPage.reduce((sum, rows) => sum + rows, 0)).toBe(10_000);
  });

  it('moves the closing block to a page of its own when the last page has no room for it', () => {
    expect(planPages(8, geometry)).toEqual({ pageCount: 2, rowsPerPage: [8, 0] });
    expect(planPages(7, geometry)).toEqual({ pageCount: 1, rowsPerPage: [7] });
    expect(planPages(30, geometry)).toEqual({ pageCount: 3, rowsPerPage: [10, 20, 0] });
  });

  it('gives an empty statement one page with room for its "no transactions" line', () => {
    expect(planPages(0, geometry)).toEqual({ pageCount: 1, rowsPerPage: [0] });
  });
});
