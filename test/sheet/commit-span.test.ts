import type { Spreadsheet } from '../../src/platform/types';
import type { BlockTable } from '../../src/sheet/report-table';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { pagesTable, sheet, sheetEmulator } from './helpers';

/**
 * A refresh leaves the rows at the top that did not change where they are and copies only the
 * rest (commit-span.ts). The promise is unchanged: after the refresh the sheet shows exactly the
 * new report (values, number formats, the note's time), as a write of it from scratch would, and
 * nothing of the user's around it moves. Each case compares the refreshed sheet with a fresh
 * spreadsheet the new table was written into, over the old and new blocks and a margin round them.
 */
const ROWS = 400;
let clock = Date.UTC(2026, 10, 21, 15);
const now = (): number => clock;

function write(ss: Spreadsheet, table: BlockTable) {
  return writeReportBlock(ss, { now, sheetName: 'Pages', blockId: 'r1', table, note: `Refreshed at ${new Date(clock).toISOString()}` });
}

/** What a user sees and what the block's cells are made of, over A1 and a margin past both blocks. */
function seen(ss: Spreadsheet, rows: number) {
  const s = sheet(ss, 'Pages');
  const range = s.getRange(1, 1, Math.min(rows + 3, s.getMaxRows()), 5);
  return { values: range.getValues(), formats: range.getNumberFormats(), notes: range.getNotes() };
}

/** Writes `before`, then refreshes it with `after` a day later: the sheet, what was copied, and the oracle. */
function refresh(before: BlockTable, after: BlockTable, meddle?: (ss: Spreadsheet) => void) {
  clock = Date.UTC(2026, 10, 21, 15);
  const { emu, ss } = sheetEmulator();
  write(ss, before);
  meddle?.(ss);
  clock += 86_400_000;
  emu.resetCounters();
  const result = write(ss, after);
  const copied = emu.counters.copyCells;
  const fresh = sheetEmulator().ss;
  meddle?.(fresh);
  write(fresh, after);
  const margin = Math.max(before.rows.length, after.rows.length) + 1;
  return { result, copied, got: seen(ss, margin), want: seen(fresh, margin) };
}

const base = pagesTable(ROWS);
const withRows = (rows: unknown[][]): BlockTable => ({ ...base, rows });
const fullCopy = (rows: number) => (rows + 1) * base.columns.length;

describe('a refresh copies only the rows that changed, and shows exactly the new report', () => {
  it('the same report again: nothing is copied, only the note says the new time', () => {
    const { got, want, copied } = refresh(base, base);
    expect(got).toEqual(want);
    expect(got.notes[0][0]).toContain('2026-11-22');
    expect(copied).toBe(0);
  });

  it('a block its writer could not hash (text Sheets may read as a number), the same report again: nothing is copied', () => {
    // "1,234" sent to a number column may read back as 1234: the first record is read back, not
    // hashed as sent. It still holds the columns' formats, so the next refresh, sent the number
    // Sheets made of it, leaves every row in place.
    const sent = base.rows.map((r, i) => (i === ROWS - 1 ? [r[0], r[1], '1,234'] : r));
    const after = base.rows.map((r, i) => (i === ROWS - 1 ? [r[0], r[1], 1234] : r));
    const { got, want, copied } = refresh(withRows(sent), withRows(after));
    expect(got).toEqual(want);
    expect(got.values[ROWS][2]).toBe(1234);
    expect(copied).toBe(0);
  });

  it('new days at the end: the rows above them stay, the rest is copied', () => {
    const after = withRows([...base.rows, ['Page new 1', 9.5, 7], ['Page new 2', 10.25, 8]]);
    const { got, want, copied } = refresh(base, after);
    expect(got).toEqual(want);
    expect(copied).toBeGreaterThan(0);
    expect(copied).toBeLessThan(fullCopy(ROWS) / 4);
  });

  it('a value changed in the middle: copied from its band down, and shown', () => {
    const rows = base.rows.map((r) => [...r]);
    rows[250][1] = 999.99;
    const { got, want, copied } = refresh(base, withRows(rows));
    expect(got).toEqual(want);
    expect(got.values[251][1]).toBe(999.99);
    expect(copied).toBeLessThan(fullCopy(ROWS));
  });

  it('fewer rows: the old rows past the new end are emptied', () => {
    const { got, want } = refresh(base, withRows(base.rows.slice(0, ROWS - 30)));
    expect(got).toEqual(want);
    expect(got.values[ROWS - 30 + 1].every((v) => v === '')).toBe(true);
  });

  it('the first row changed: the whole block is copied', () => {
    const rows = base.rows.map((r) => [...r]);
    rows[0][0] = 'Page renamed';
    const { got, want, copied } = refresh(base, withRows(rows));
    expect(got).toEqual(want);
    expect(copied).toBe(fullCopy(ROWS));
  });

  it('a column whose number format changed: every row gets the new format', () => {
    const columns = base.columns.map((c) => (c.field === 'pageviews' ? { ...c, format: '#,##0.0' } : c));
    const { got, want, copied } = refresh(base, { ...base, columns });
    expect(got).toEqual(want);
    expect(got.formats[5][2]).toBe('#,##0.0');
    expect(copied).toBe(fullCopy(ROWS));
  });

  it('a block the user sorted is put back in the report order, whole', () => {
    const after = withRows([...base.rows, ['Page new', 1, 2]]);
    const { got, result } = refresh(base, after, (ss) => {
      // Only the refreshed sheet's block was written when this runs there; the oracle's is empty.
      const s = ss.getSheetByName('Pages');
      if (s && s.getLastRow() > 1) s.getRange(2, 1, ROWS, 3).sort({ column: 3, ascending: false });
    });
    expect(result.sortReplaced).toBe(true);
    expect(got.values.slice(1, ROWS + 2).map((r) => r[0])).toEqual(after.rows.map((r) => r[0]));
  });

  it("the user's cells beside and below the block stay where they are", () => {
    const beside = (ss: Spreadsheet) => {
      const s = ss.getSheetByName('Pages');
      if (!s) return;
      s.getRange(3, 5).setValue('my note');
      s.getRange(ROWS + 3, 1).setValue('my total');
    };
    const after = withRows([...base.rows.slice(0, ROWS - 1), ['Page last', 3, 4]]);
    const { got } = refresh(base, after, beside);
    expect(got.values[2][4]).toBe('my note');
    expect(got.values[ROWS + 2][0]).toBe('my total');
    expect(got.values[ROWS][0]).toBe('Page last');
  });
});

describe('a block too big for the edit check to read is copied whole', () => {
  it('sorted by the user, then refreshed with the same rows: back in the report order', () => {
    // 15 columns of 70,000 rows: past MAX_FINGERPRINT_CELLS, so the check sees the block's shape only.
    const wide: BlockTable = {
      columns: Array.from({ length: 15 }, (_, c) => ({ header: `C${c}`, field: `c${c}`, type: 'integer' as const })),
      rows: Array.from({ length: 70_000 }, (_, r) => Array.from({ length: 15 }, (_, c) => (c === 0 ? r : (r * 7 + c) % 1000))),
    };
    const { result, got } = refresh(wide, wide, (ss) => {
      const s = ss.getSheetByName('Pages');
      if (s && s.getLastRow() > 1) s.getRange(2, 1, 70_000, 15).sort({ column: 1, ascending: false });
    });
    expect(result.rows).toBe(70_000);
    expect(got.values.slice(1, 6).map((r) => r[0])).toEqual([0, 1, 2, 3, 4]);
  });
});
