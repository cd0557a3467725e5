/**
 * Google refuses large custom-function results ("Result too large"); the strict emulator plays
 * that limit. A formula cuts its result below it and says so in a last row.
 */
import { STRICT } from '../../emulator';
import { cutMessage, MAX_FORMULA_CELLS, sheetCutMessage, toGrid } from '../../src/formulas/grid';
import { pullReport } from '../../src/pull/pull-report';
import { createHarness, expectSameGrid, OWNER, pagePerformancePages, type Harness } from './harness';

/**
 * site-big with 40,000 pages instead of 120,000: past every cut below (13,331 rows, 33,331 on
 * narrower rows), and its whole pulls past twice the pages a capped formula reads (34 of site-big,
 * 39 of "all" with the other sites' 5 pages). A limit above the cap (38,000) keeps that margin too.
 */
const BIG_ROWS = 40_000;
const LIMIT_ABOVE_CAP = 38_000;

function harness(variants?: Partial<typeof STRICT>, bigRows = BIG_ROWS): Harness {
  const h = createHarness({ variants, pageCounts: { 'site-big': bigRows } });
  h.saveCredential(OWNER, 'demo', true);
  return h;
}

// The lenient platform takes any size; the cut itself is the same there (the toGrid test below).
describe('a formula result too large for Sheets (strict platform)', () => {
  it('is cut with a last row saying so and how to get everything, never the platform error', () => {
    const h = harness(STRICT);
    const sheet = h.emu.spreadsheet.getSheets()[0];
    sheet.insertRowsAfter(1000, 20_000);
    // 35,000 rows x 15 columns: past the 480,000 cells Google is reported to refuse.
    sheet.getRange('A1').setFormula('=CREATOR_PAGE_PERFORMANCE("site-big", "lastMonth", , 35000)');
    const report = h.emu.recalculate(h.functions);
    expect(report.errors).toEqual([]);
    const [cell] = report.evaluated;
    expect(cell.rows * cell.cols).toBeLessThanOrEqual(MAX_FORMULA_CELLS);
    const last = sheet.getRange(cell.rows, 1).getValue();
    expect(last).toBe(cutMessage(cell.rows - 2, 35000));
    expect(last).toMatch(/^Cut at 13,331 of 35,000 rows: .*Add a limit.*sidebar/);
  }, 120_000);
});

it('keeps the header, fills whole rows, and leaves a result that fits alone', () => {
  const columns = [{ header: 'A' }, { header: 'B' }];
  const rows = Array.from({ length: 10 }, (_, i) => [i, i * 2]);
  expect(toGrid({ columns, rows }, { header: true, emptyMessage: 'none', maxCells: 22 })).toHaveLength(11);
  const cut = toGrid({ columns, rows }, { header: true, emptyMessage: 'none', maxCells: 12 });
  expect(cut).toEqual([
    ['A', 'B'],
    [0, 0],
    [1, 2],
    [2, 4],
    [3, 6],
    [cutMessage(4, 10), ''],
  ]);
  expect(toGrid({ columns, rows }, { header: false, emptyMessage: 'none', maxCells: 12 })).toHaveLength(6);
});

describe('a capped formula fetches only the rows it can show', () => {
  /** Whole pulls, each made once: several cases cut the same one. */
  const wholePulls = new Map<string, { table: Parameters<typeof toGrid>[0]; pages: number }>();
  /**
   * One world for the whole pulls of a shape of the API: "all" reads site-big's rows from the cache
   * its own whole pull left. Pages are counted per site and limit, by whichever pull fetched them.
   */
  const wholeWorlds = new Map<string, { h: Harness; pages: Map<string, number> }>();

  /** What the formula showed before it fetched only what fits: the whole table, cut by toGrid. */
  function wholeTableGrid(
    siteId: string,
    limit: unknown,
    header: boolean,
    change?: (body: Record<string, unknown>) => void,
    bigRows = BIG_ROWS,
  ): { grid: unknown[][]; pages: number } {
    const shape = `${change?.name ?? ''}|${bigRows}`;
    const key = `${siteId}|${limit}|${shape}`;
    let whole = wholePulls.get(key);
    if (!whole) {
      let world = wholeWorlds.get(shape);
      if (!world) {
        const h = harness(undefined, bigRows);
        if (change) h.rewrite('/pages/performance', change);
        wholeWorlds.set(shape, (world = { h, pages: new Map() }));
      }
      const { h, pages } = world;
      const served = { ...h.api.stats.byPath };
      const pulled = h.run((ex) => pullReport(ex, { report: 'pages/performance', siteId, start: 'lastMonth', limit }, { purpose: 'user' }));
      for (const [path, n] of Object.entries(h.api.stats.byPath)) {
        const fetched = n - (served[path] ?? 0);
        if (path.endsWith('/pages/performance') && fetched > 0) pages.set(`${path}|${limit}`, fetched);
      }
      const sites = siteId === 'all' ? h.api.sites().map((site) => site.id) : [siteId];
      const wholePages = Object.keys(h.api.stats.byPath)
        .filter((path) => path.endsWith('/pages/performance') && sites.some((site) => path.includes(`/sites/${site}/`)))
        .reduce((sum, path) => sum + (pages.get(`${path}|${limit}`) ?? 0), 0);
      whole = { table: pulled.table, pages: wholePages };
      wholePulls.set(key, whole);
    }
    return { grid: toGrid(whole.table, { header, emptyMessage: '' }), pages: whole.pages };
  }

  it.each([
    ['site-big, no limit', 'site-big', '', true, 'Cut at 13,331 of 40,000 rows'],
    ['"all", no limit', 'all', '', true, 'Cut at 11,762 of 41,543 rows'],
    ['"all", no header', 'all', '', false, 'Cut at 11,763 of 41,543 rows'],
    ['site-big, a limit above the cap', 'site-big', LIMIT_ABOVE_CAP, true, 'Cut at 13,331 of 38,000 rows'],
    ['"all", a limit above the cap', 'all', LIMIT_ABOVE_CAP, true, 'Cut at 11,762 of 39,543 rows'],
    ['site-big, a limit below the cap', 'site-big', 5_000, true, null],
  ] as Array<[string, string, number | '', boolean, string | null]>)(
    '%s: the same cells and cut row as the whole report cut, from far fewer pages',
    (_name, siteId, limit, header, cutAt) => {
      const h = harness();
      const grid = h.formula('CREATOR_PAGE_PERFORMANCE', siteId, 'lastMonth', '', limit, '', header);
      const whole = wholeTableGrid(siteId, limit, header);
      expectSameGrid(grid, whole.grid);
      const last = String(grid[grid.length - 1][0]);
      if (cutAt) {
        expect(last.startsWith(`${cutAt}: Google Sheets refuses larger formula results.`)).toBe(true);
        // 500 rows a page: what fits (about 16,700 rows at most) instead of every row.
        expect(pagePerformancePages(h.api.stats.byPath)).toBeLessThan(whole.pages / 2);
      } else {
        expect(last).not.toMatch(/^Cut at/);
        expect(pagePerformancePages(h.api.stats.byPath)).toBe(whole.pages);
      }
    },
    60_000,
  );

  // An API that changed: rows with six fields of the catalog's twelve, so twice as many rows fit as
  // the catalog suggests; or pages without a row count, so the cut row could not say of how many.
  const sixFields = (body: Record<string, unknown>): void => {
    body.data = (body.data as Array<Record<string, unknown>>).map(({ pageUrl, siteUrl, earnings, pageviews, impressions, rpm }) => ({
      pageUrl,
      siteUrl,
      earnings,
      pageviews,
      impressions,
      rpm,
    }));
  };
  const noCount = (body: Record<string, unknown>): void => {
    delete (body.meta as Record<string, unknown>).recordCount;
  };
  it.each([
    // Past the cut each shows, no further: the second fetch (and the whole pull) read every row.
    ['rows narrower than the catalog', sixFields, 34_000, 'Cut at 33,331 of 34,000 rows'],
    ['no row count from the API', noCount, 20_000, 'Cut at 13,331 of 20,000 rows'],
  ] as Array<[string, (body: Record<string, unknown>) => void, number, string]>)(
    '%s: fetches again and still shows what the whole report cut shows',
    (_name, change, bigRows, cutAt) => {
      const h = harness(undefined, bigRows);
      h.rewrite('/pages/performance', change);
      const grid = h.formula('CREATOR_PAGE_PERFORMANCE', 'site-big', 'lastMonth');
      expectSameGrid(grid, wholeTableGrid('site-big', '', true, change, bigRows).grid);
      expect(String(grid[grid.length - 1][0]).slice(0, cutAt.length + 1)).toBe(`${cutAt}:`);
    },
    60_000,
  );
});

describe('a formula result longer or wider than the sheet', () => {
  /** A fresh sheet of Sheets' usual size (1,000 rows x 26 columns) with the formula at `a1`. */
  function recalc(variants: Partial<typeof STRICT>, a1: string, formula: string) {
    const h = harness(variants, 6_000);
    const sheet = h.emu.spreadsheet.getSheets()[0];
    expect([sheet.getMaxRows(), sheet.getMaxColumns()]).toEqual([1000, 26]);
    sheet.getRange(a1).setFormula(formula);
    const report = h.emu.recalculate(h.functions);
    const pages = Object.entries(h.api.stats.byPath)
      .filter(([path]) => path.endsWith('/pages/performance'))
      .reduce((sum, [, n]) => sum + n, 0);
    return { sheet, cell: report.evaluated[0], pages };
  }
  const FIVE_THOUSAND = '=CREATOR_PAGE_PERFORMANCE("site-big", "lastMonth", , 5000)';

  it('is cut to the rows below its cell, the last one saying to insert rows or use the sidebar', () => {
    const { sheet, cell, pages } = recalc({ customFunctionActiveRange: 'formulaCell' }, 'A1', FIVE_THOUSAND);
    expect(cell.error).toBeUndefined();
    expect(cell.rows).toBe(1000);
    // 999 rows fetched (2 pages of 500), not the 5,000 asked for (10 pages).
    expect(pages).toBe(2);
    const last = sheet.getRange(1000, 1).getValue();
    expect(last).toBe(sheetCutMessage({ kept: 998, total: 5000 }, null));
    expect(last).toMatch(/^Cut at 998 of 5,000 rows: .*Insert rows below this formula.*sidebar/);
    expect(sheet.getRange(999, 1).getValue()).not.toBe('');
  });

  it('started low in the sheet, keeps what fits below it', () => {
    const { sheet, cell } = recalc({ customFunctionActiveRange: 'formulaCell' }, 'C991', FIVE_THOUSAND);
    expect(cell.error).toBeUndefined();
    expect(cell.rows).toBe(10);
    expect(sheet.getRange(1000, 3).getValue()).toMatch(/^Cut at 8 of 5,000 rows/);
  });

  it('near the last column, keeps the columns that fit and says which were cut', () => {
    const { sheet, cell } = recalc(
      { customFunctionActiveRange: 'formulaCell' },
      'X1',
      '=CREATOR_PAGE_PERFORMANCE("site-1", "lastMonth", , 5)',
    );
    expect(cell.error).toBeUndefined();
    expect(cell.cols).toBe(3);
    expect(sheet.getRange(cell.rows, 24).getValue()).toMatch(/^Cut at 3 of \d+ columns: .*Insert columns to its right/);
  });

  it('a result that fits is the same whether or not the platform says which cell the formula is in', () => {
    const small = '=CREATOR_PAGE_PERFORMANCE("site-1", "lastMonth", , 20)';
    const known = recalc({ customFunctionActiveRange: 'formulaCell' }, 'B2', small);
    const unknown = recalc({ customFunctionActiveRange: 'none' }, 'B2', small);
    expect(known.cell.error).toBeUndefined();
    expect(unknown.sheet.getDataRange().getValues()).toEqual(known.sheet.getDataRange().getValues());
  });

  it("without the formula's cell, Sheets' own #REF! is all that can show (the platform's message)", () => {
    const { cell } = recalc({ customFunctionActiveRange: 'none' }, 'A1', FIVE_THOUSAND);
    expect(cell.value).toBe('#REF!');
    expect(cell.error).toBe('Result was not automatically expanded, please insert more rows (4001).');
  });
});
