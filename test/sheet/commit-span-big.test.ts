import type { Spreadsheet } from '../../src/platform/types';
import { MAX_FINGERPRINT_CELLS } from '../../src/sheet/block-record';
import type { BlockTable } from '../../src/sheet/report-table';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { refusal, sheet, sheetEmulator } from './helpers';

/**
 * Blocks at the edge of what the edit check reads (MAX_FINGERPRINT_CELLS): one just within it is
 * read, so a value typed in it is refused and the rows left in place are the ones checked; one
 * just past it is checked by shape only, so the refresh copies it whole and what the user typed
 * there never survives beside the new rows (commit-span.ts).
 */
const now = (): number => Date.UTC(2026, 10, 21, 15);
const columns: BlockTable['columns'] = [
  { header: 'Day', field: 'day', type: 'string' },
  { header: 'Views', field: 'views', type: 'integer', format: '#,##0' },
];
const table = (dataRows: number): BlockTable => ({ columns, rows: Array.from({ length: dataRows }, (_, i) => [`d${i + 1}`, i + 1]) });
const write = (ss: Spreadsheet, t: BlockTable, note: string) =>
  writeReportBlock(ss, { now, sheetName: 'Days', blockId: 'r1', table: t, note });
// Header included: the block's cells are (data rows + 1) x 2.
const within = MAX_FINGERPRINT_CELLS / 2 - 1;

describe('a refresh copies only the rows that changed, at the edge of the edit check', () => {
  it('a block of exactly the cells read: a typed value is refused and the old data stays', () => {
    const { ss } = sheetEmulator();
    write(ss, table(within), 'first');
    sheet(ss, 'Days').getRange('B10').setValue(42);
    expect(refusal(() => write(ss, table(within + 5), 'second'))).toMatch(/cells edited in B1:B12500/);
    expect(sheet(ss, 'Days').getRange(1, 1).getNote()).toBe('first');
    expect(sheet(ss, 'Days').getLastRow()).toBe(within + 1);
  });

  it('one row past it: a value typed in the top rows is replaced by the report, as a fresh write shows', () => {
    const { emu, ss } = sheetEmulator();
    write(ss, table(within + 1), 'first');
    sheet(ss, 'Days').getRange('B10').setValue(42);
    emu.resetCounters();
    write(ss, table(within + 6), 'second');
    const s = sheet(ss, 'Days');
    expect(s.getRange('A1:B12').getValues()).toEqual([['Day', 'Views'], ...table(11).rows]);
    expect(s.getRange(within + 7, 1).getValue()).toBe(`d${within + 6}`);
    expect(s.getRange(1, 1).getNote()).toBe('second');
    expect(emu.counters.copyCells).toBe((within + 7) * 2);
  });
});
