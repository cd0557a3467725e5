import type { Spreadsheet } from '../../src/platform/types';
import { MAX_FINGERPRINT_CELLS, recordKey, rowsNow } from '../../src/sheet/block-record';
import type { BlockTable } from '../../src/sheet/report-table';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { blockRangeName } from '../../src/sheet/block-ownership';
import { refusal, sheet, sheetEmulator } from './helpers';

/**
 * Blocks at the edge of what the edit check reads (MAX_FINGERPRINT_CELLS): one just within it is
 * read, so a value typed in it is refused and the rows left in place are the ones checked; one
 * just past it is checked by shape and a sample row per band, so the rows that did not change stay
 * in place only where the samples vouch for them: a sort is replaced whole, a typed value in an
 * unchanged row stays the user's (commit-span.ts).
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

  it('one row past it: unchanged rows stay in place, vouched for by sample rows, and a value typed there stays', () => {
    const { emu, ss } = sheetEmulator();
    write(ss, table(within + 1), 'first');
    sheet(ss, 'Days').getRange('B10').setValue(42);
    emu.resetCounters();
    write(ss, table(within + 6), 'second');
    const s = sheet(ss, 'Days');
    // Not read back (too big): the user's cell is kept, never overwritten by a copy it did not need.
    expect(s.getRange('A1:B12').getValues()).toEqual([['Day', 'Views'], ...table(11).rows.map((r, i) => (i === 8 ? ['d9', 42] : r))]);
    expect(s.getRange(within + 7, 1).getValue()).toBe(`d${within + 6}`);
    expect(s.getRange(1, 1).getNote()).toBe('second');
    // Only the last band and the new rows are copied; the check read one row per band, not the block.
    expect(emu.counters.copyCells).toBeLessThan(((within + 7) * 2) / 20);
    expect(emu.counters.readCells).toBeLessThan(1_000);
  });

  it("one row past it: rows the user sorted are all replaced in the report's order, none twice", () => {
    const { emu, ss } = sheetEmulator();
    write(ss, table(within + 1), 'first');
    sheet(ss, 'Days')
      .getRange(2, 1, within + 1, 2)
      .sort({ column: 2, ascending: false });
    emu.resetCounters();
    write(ss, table(within + 6), 'second');
    const s = sheet(ss, 'Days');
    const values = s.getRange(2, 1, within + 6, 2).getValues();
    // Counted, not diffed: a failure here would otherwise print half a million rows.
    const wrong = values.filter(([day, views], i) => day !== `d${i + 1}` || views !== i + 1).length;
    expect(wrong).toBe(0);
    expect(emu.counters.copyCells).toBe((within + 7) * 2);
  });

  it('one row past it, recorded before sample rows existed: copied whole, as then', () => {
    const { emu, ss } = sheetEmulator();
    write(ss, table(within + 1), 'first');
    const s = sheet(ss, 'Days');
    const key = recordKey(blockRangeName('r1'));
    const meta = s.getDeveloperMetadata().find((m) => m.getKey() === key);
    if (!meta) throw new Error('no record');
    const { samples, ...older } = JSON.parse(meta.getValue() ?? '{}') as { samples?: string[] };
    expect(samples).toHaveLength(40);
    meta.setValue(JSON.stringify(older));
    s.getRange('B10').setValue(42);
    emu.resetCounters();
    write(ss, table(within + 6), 'second');
    expect(s.getRange('A1:B12').getValues()).toEqual([['Day', 'Views'], ...table(11).rows]);
    expect(emu.counters.copyCells).toBe((within + 7) * 2);
  });

  it("one row past it, recorded before the last band's sample moved (05ff8b2), unchanged: nothing is copied", () => {
    // That version sampled a short last band in the middle of its own rows; this one, in the
    // middle of a whole band or at the block's last row: the earlier row is read for such a record.
    const { emu, ss } = sheetEmulator();
    write(ss, table(within + 1), 'first');
    const s = sheet(ss, 'Days');
    const meta = s.getDeveloperMetadata().find((m) => m.getKey() === recordKey(blockRangeName('r1')));
    if (!meta) throw new Error('no record');
    const { samplesAt, ...record } = JSON.parse(meta.getValue() ?? '{}') as {
      rows: number;
      band: number;
      samples: string[];
      samplesAt?: number;
    };
    expect(samplesAt).toBe(2);
    // As the earlier version sampled it: the middle of the last band's own rows.
    const last = Math.floor((record.rows - 1) / record.band) * record.band;
    expect(record.rows - last).toBeLessThan(record.band);
    const earlier = last + Math.floor((record.rows - last) / 2);
    record.samples[record.samples.length - 1] = rowsNow(s, { col: 1, cols: 2 }, 1 + earlier, 1)[0];
    meta.setValue(JSON.stringify(record));

    emu.resetCounters();
    write(ss, table(within + 1), 'second');
    expect(s.getRange(1, 1).getNote()).toBe('second');
    expect(s.getRange(within + 2, 1, 1, 2).getValues()).toEqual([[`d${within + 1}`, within + 1]]);
    expect(emu.counters.copyCells).toBe(0);
  });
});
