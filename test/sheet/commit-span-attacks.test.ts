import type { Spreadsheet } from '../../src/platform/types';
import { blockRangeName } from '../../src/sheet/block-ownership';
import { readRecord, writeRecord } from '../../src/sheet/block-record';
import type { BlockTable } from '../../src/sheet/report-table';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { pagesTable, sheet, sheetEmulator } from './helpers';

/**
 * Careless and hostile refreshes of a block whose unchanged top rows may stay in place
 * (commit-span.ts): whatever changed between the two reports or around the block, the sheet ends
 * exactly as a write of the new report from scratch leaves it, and the user's cells stay.
 */
let clock = Date.UTC(2026, 10, 21, 15);
const now = (): number => clock;
const note = () => `Refreshed at ${new Date(clock).toISOString()}`;

function write(ss: Spreadsheet, table: BlockTable, at = { blockId: 'r1', startCell: 'A1' }) {
  return writeReportBlock(ss, { now, sheetName: 'Pages', ...at, table, note: note() });
}

function seen(ss: Spreadsheet, rows: number, cols = 6) {
  const range = sheet(ss, 'Pages').getRange(1, 1, rows, cols);
  return { values: range.getValues(), formats: range.getNumberFormats(), notes: range.getNotes(), weights: range.getFontWeights() };
}

/** `before` written, `meddle`d, refreshed with `after` a day later; and `after` written into a fresh spreadsheet. */
function refresh(before: BlockTable, after: BlockTable, meddle: (ss: Spreadsheet) => void = () => undefined) {
  clock = Date.UTC(2026, 10, 21, 15);
  const { emu, ss } = sheetEmulator();
  write(ss, before);
  meddle(ss);
  clock += 86_400_000;
  emu.resetCounters();
  write(ss, after);
  const copied = emu.counters.copyCells;
  const fresh = sheetEmulator().ss;
  write(fresh, after);
  const rows = Math.max(before.rows.length, after.rows.length) + 4;
  return { copied, got: seen(ss, rows), want: seen(fresh, rows) };
}

const base = pagesTable(300);
const withTotal = (rows: unknown[][]): BlockTable => {
  const sum = (c: number) => rows.reduce((t, r) => t + (r[c] as number), 0);
  return { ...base, rows: [...rows, ['Total', sum(1), sum(2)]], fixedTail: 1 };
};

describe('a refresh copies only the rows that changed, and shows exactly the new report', () => {
  it('a Total row under rows that grew is at the new end, and the old one is gone', () => {
    const { got, want, copied } = refresh(withTotal(base.rows), withTotal(pagesTable(320).rows));
    expect(got).toEqual(want);
    expect(copied).toBeLessThan(321 * 3);
  });

  it('rows shrinking to none leave the header alone, every old row emptied', () => {
    const { got, want } = refresh(base, { ...base, rows: [] });
    expect(got).toEqual(want);
  });

  it('a renamed header: the whole block is copied', () => {
    const renamed = { ...base, columns: base.columns.map((c, i) => (i === 0 ? { ...c, header: 'Page' } : c)) };
    const { got, want } = refresh(base, renamed);
    expect(got).toEqual(want);
  });

  it('columns reordered under the same formats, and one added or removed', () => {
    const same = { ...base, columns: base.columns.map((c) => ({ ...c, format: '#,##0' })) };
    const swapped: BlockTable = {
      columns: [same.columns[0], same.columns[2], same.columns[1]],
      rows: same.rows.map((r) => [r[0], r[2], r[1]]),
    };
    expect(refresh(same, swapped).got).toEqual(refresh(same, swapped).want);
    const wider: BlockTable = {
      columns: [...base.columns, { header: 'Clicks', field: 'clicks', type: 'integer' }],
      rows: base.rows.map((r) => [...r, 1]),
    };
    const a = refresh(base, wider);
    expect(a.got).toEqual(a.want);
    const b = refresh(wider, base);
    expect(b.got).toEqual(b.want);
  });

  it('two reports side by side: refreshing one leaves the other as it was', () => {
    clock = Date.UTC(2026, 10, 21, 15);
    const { ss } = sheetEmulator();
    write(ss, base);
    write(
      ss,
      pagesTable(50, (i) => `Other ${i}`),
      { blockId: 'r2', startCell: 'E1' },
    );
    const other = sheet(ss, 'Pages').getRange('E1:G51').getValues();
    clock += 86_400_000;
    write(ss, pagesTable(310));
    expect(sheet(ss, 'Pages').getRange('E1:G51').getValues()).toEqual(other);
    expect(sheet(ss, 'Pages').getRange('A311').getValue()).toBe('Page 310');
    expect(sheet(ss, 'Pages').getRange(1, 1).getNote()).toBe(note());
  });

  it('a record stored before formats were recorded: the whole block is copied', () => {
    const after = { ...base, columns: base.columns.map((c, i) => (i === 2 ? { ...c, format: '0.0' } : c)) };
    const { got, want, copied } = refresh(base, after, (ss) => {
      const s = sheet(ss, 'Pages');
      const record = readRecord(s, blockRangeName('r1'));
      if (record?.v !== 2) throw new Error('no version-2 record');
      const { formats: _dropped, ...older } = record;
      writeRecord(s, blockRangeName('r1'), older);
    });
    expect(got).toEqual(want);
    expect(copied).toBe(301 * 3);
  });

  it('a block the user moved (rows and columns inserted above and left of it) is refreshed where it now is', () => {
    clock = Date.UTC(2026, 10, 21, 15);
    const { ss } = sheetEmulator();
    write(ss, base);
    sheet(ss, 'Pages').insertRowsBefore(1, 4);
    sheet(ss, 'Pages').insertColumnsBefore(1, 4);
    clock += 86_400_000;
    expect(write(ss, pagesTable(310)).range).toBe('E5:G315');
    const fresh = sheetEmulator().ss;
    write(fresh, pagesTable(310), { blockId: 'r1', startCell: 'E5' });
    expect(seen(ss, 320, 8)).toEqual(seen(fresh, 320, 8));
  });
});
