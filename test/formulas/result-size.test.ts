/**
 * Google refuses large custom-function results ("Result too large"); the strict emulator plays
 * that limit. A formula cuts its result below it and says so in a last row.
 */
import { STRICT } from '../../emulator';
import { cutMessage, MAX_FORMULA_CELLS, toGrid } from '../../src/formulas/grid';
import { createHarness, OWNER } from './harness';

// The lenient platform takes any size; the cut itself is the same there (the toGrid test below).
describe('a formula result too large for Sheets (strict platform)', () => {
  it('is cut with a last row saying so and how to get everything, never the platform error', () => {
    const h = createHarness({ variants: STRICT });
    h.saveCredential(OWNER, 'demo', true);
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
