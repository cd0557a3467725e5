import type { Spreadsheet } from '../../src/platform/types';
import { MAX_FINGERPRINT_CELLS } from '../../src/sheet/block-record';
import type { BlockTable } from '../../src/sheet/report-table';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { sheet, sheetEmulator } from './helpers';

/**
 * Attacks on the sample rows that vouch for the rows a refresh of a block too big to read leaves
 * in place (block-edits.ts, samplesHold): whatever the user did to the rows, no report row is
 * shown twice or lost next to the rows the refresh copied, beyond the limit the docs state (an
 * insert and a delete cancelling out between two samples).
 */
const now = (): number => Date.UTC(2026, 10, 21, 15);
const columns: BlockTable['columns'] = [
  { header: 'Day', field: 'day', type: 'string' },
  { header: 'Views', field: 'views', type: 'integer', format: '#,##0' },
];
/** Just past MAX_FINGERPRINT_CELLS: 500,001 rows of 2 cells, bands of 12,501 rows, samples at their middles. */
const DATA_ROWS = MAX_FINGERPRINT_CELLS / 2;
const BAND = Math.ceil((DATA_ROWS + 1) / 40);
const table = (views: (i: number) => number = (i) => i + 1): BlockTable => ({
  columns,
  rows: Array.from({ length: DATA_ROWS }, (_, i) => [`d${i + 1}`, views(i)]),
});
const write = (ss: Spreadsheet, t: BlockTable, note: string) =>
  writeReportBlock(ss, { now, sheetName: 'Days', blockId: 'r1', table: t, note });

/** How many data rows are not the report's row at their place (counted: a diff of 500k rows hangs jest). */
function misplaced(ss: Spreadsheet, want: BlockTable): number {
  const got = sheet(ss, 'Days').getRange(2, 1, DATA_ROWS, 2).getValues();
  return got.filter(([day, views], i) => day !== want.rows[i][0] || views !== want.rows[i][1]).length;
}

describe("a big block's refresh where the user moved rows the samples of the kept bands do not see", () => {
  it('a row deleted in the first band (below its sample) and one inserted far below: no day twice, none lost', () => {
    const { ss } = sheetEmulator();
    write(ss, table(), 'first');
    const s = sheet(ss, 'Days');
    // Block row 7,000 (past band 0's sample at 6,250) goes; a row comes back in band 31, which the refresh copies.
    s.deleteRow(1 + 7_000);
    s.insertRowsBefore(1 + 31 * BAND, 1);
    // The report changed from band 1 on (a day's views revised): band 0 is all that may stay.
    const after = table((i) => (i === BAND + 100 ? 7 : i + 1));
    write(ss, after, 'second');
    expect(misplaced(ss, after)).toBe(0);
  });

  it('600 rows sorted across the edge of the first band, no sample among them: no day twice, none lost', () => {
    const { ss } = sheetEmulator();
    write(ss, table(), 'first');
    // Block rows 12,201 to 12,800 (band 0 ends at 12,500) reversed by views: the samples (6,250, 18,751) stay.
    sheet(ss, 'Days')
      .getRange(1 + BAND - 300, 1, 600, 2)
      .sort({ column: 2, ascending: false });
    const after = table((i) => (i === BAND + 100 ? 7 : i + 1));
    write(ss, after, 'second');
    expect(misplaced(ss, after)).toBe(0);
  });

  it('a day revised in band 30, no row moved: the 30 bands above stay, only the edge and samples read', () => {
    const { emu, ss } = sheetEmulator();
    write(ss, table(), 'first');
    emu.resetCounters();
    const after = table((i) => (i === 30 * BAND ? 7 : i + 1));
    write(ss, after, 'second');
    // Bands 30 on copied, the 30 before them left in place.
    expect(emu.counters.copyCells).toBeLessThan((DATA_ROWS + 1) * 2 * (11 / 40));
    expect(emu.counters.readCells).toBeLessThan(1_000);
    expect(misplaced(ss, after)).toBe(0);
  });
});
