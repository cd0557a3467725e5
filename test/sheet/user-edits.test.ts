import { forgetRecord, readRecord, recordKey } from '../../src/sheet/block-record';
import { legacyFingerprint } from '../../src/sheet/block-record-v1';
import { beginBlockWrite } from '../../src/sheet/block-write';
import { clipText } from '../../src/sheet/cell-limit';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { PAGES_NOTE as NOTE, pagesBlock as setUp, pagesTable, refusal, sheet, sheetEmulator, shown, sheetClock } from './helpers';

/**
 * The promise: a cell the user typed, a row or column the user inserted (Sheets stretches the
 * block's named range over it) or deleted inside a report's block is never overwritten; the
 * refresh refuses with a message naming where, and the sheet stays byte-identical.
 */

const rewrite =
  (ss: ReturnType<typeof setUp>['ss'], rows = 10) =>
  () =>
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(rows, (i) => `New ${i}`), note: 'new' });

describe('the writer notices the user inside its block', () => {
  it('keeps a row the user inserted inside the block and typed into, naming the rows', () => {
    const { emu, ss, s } = setUp(10);
    s.insertRowsAfter(4, 1);
    s.getRange('A5:C5').setValues([['My subtotal', 99, 'keep me']]);
    const before = JSON.stringify(emu.spreadsheet.values('Pages!A1:D13'));
    const message = refusal(rewrite(ss));
    expect(message).toMatch(
      /^Sheet 'Pages' has 1 row inserted inside the report's block A1:C12 \(the change is in rows \d+(-\d+)?\)\. The report was not written, so nothing there was overwritten\. Move your rows/,
    );
    const [, first, last] = /rows (\d+)(?:-(\d+))?/.exec(message)!;
    expect(Number(first)).toBeLessThanOrEqual(5);
    expect(Number(last ?? first)).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(emu.spreadsheet.values('Pages!A1:D13'))).toBe(before);
  });

  it('keeps an empty inserted row too (the user may be about to type), and works again once it is deleted', () => {
    const { ss, s } = setUp(10);
    s.insertRowsBefore(3, 2);
    expect(refusal(rewrite(ss))).toMatch(/2 rows inserted inside the report's block A1:C13/);
    s.deleteRows(3, 2);
    expect(rewrite(ss)().range).toBe('A1:C11');
    expect(shown(ss, 'Pages', 'A2')).toEqual([['New 1']]);
  });

  it('notices a deleted row and an inserted or deleted column', () => {
    const a = setUp(10);
    a.s.deleteRow(6);
    expect(refusal(rewrite(a.ss))).toMatch(/1 row deleted inside the report's block A1:C10/);
    const b = setUp(10);
    b.s.insertColumnsAfter(1, 1);
    b.s.getRange('B1').setValue('My column');
    expect(refusal(rewrite(b.ss))).toMatch(/1 column inserted inside the report's block A1:D11/);
    expect(shown(b.ss, 'Pages', 'B1')).toEqual([['My column']]);
    const c = setUp(10);
    c.s.deleteColumn(2);
    expect(refusal(rewrite(c.ss))).toMatch(/1 column deleted inside the report's block A1:B11/);
  });

  it('keeps a value or formula typed over a report cell, naming its cells', () => {
    const { emu, ss, s } = setUp(10);
    s.getRange('B7').setValue(12345);
    const before = JSON.stringify(emu.spreadsheet.values('Pages!A1:C11'));
    expect(refusal(rewrite(ss))).toMatch(/has cells edited in B7, inside the report's block A1:C11\. /);
    expect(JSON.stringify(emu.spreadsheet.values('Pages!A1:C11'))).toBe(before);
    const other = setUp(10);
    other.s.getRange('C3').setFormula('=B3*2');
    // Sheets computes a typed formula before the next run reads the block (values only, since a
    // read costs more per cell than a write): the emulator does at a recalculation.
    other.emu.recalculate({});
    expect(refusal(rewrite(other.ss))).toMatch(/cells edited in C3,/);
  });

  it('text that reads as a formula, a sign or a value is never taken for an edit, after a direct or a staged write', () => {
    // The record after a write is hashed from the block's values only (it holds no formula); a
    // refresh reads values and formulas. Were an escaped "=SUM" read back as a formula, every
    // refresh of this block would be refused.
    const tricky = ['=SUM(A1:A2)', '+1', '-3', "'quoted", 'TRUE', '@mention', '1,234', '2026-10-01'];
    const { emu, ss } = sheetEmulator();
    const write = (note: string) =>
      writeReportBlock(ss, {
        now: sheetClock,
        sheetName: 'Pages',
        blockId: 'r1',
        table: pagesTable(16, (i) => tricky[i % tricky.length]),
        note,
      });
    write('first (a new sheet: written directly)');
    write('second (staged)');
    expect(write('third').range).toBe('A1:C17');
    // Shown as written, each kept as text.
    expect(emu.spreadsheet.values('Pages!A2:A9').map((r) => r[0])).toEqual(tricky.map((_, k) => tricky[(k + 1) % tricky.length]));
  });

  it('names a band of rows in a large block', () => {
    const { ss, s } = setUp(4000);
    s.getRange('A2345').setValue('typed');
    expect(refusal(rewrite(ss, 4000))).toMatch(/cells edited in A2\d{3}:A2\d{3}, inside the report's block A1:C4001/);
  });

  it("a sort of the data rows is not an edit: the refresh writes the report's order, keeps the frozen rows and says so", () => {
    const { ss, s } = setUp(10);
    s.setFrozenRows(3);
    s.getRange('A2:C11').sort({ column: 3, ascending: false });
    expect(shown(ss, 'Pages', 'A2')).toEqual([['Page 10']]);
    const result = rewrite(ss)();
    expect(result).toMatchObject({ range: 'A1:C11', sortReplaced: true });
    expect(shown(ss, 'Pages', 'A2:A3')).toEqual([['New 1'], ['New 2']]);
    expect(s.getFrozenRows()).toBe(3);
    expect(s.getRange('A1').getNote()).toMatch(/sorted in the sheet: this refresh wrote them in the report's own order/);
    // The next refresh of an unsorted block says nothing of a sort.
    expect(rewrite(ss)().sortReplaced).toBe(false);
    expect(s.getRange('A1').getNote()).not.toMatch(/sorted/);
  });

  it('a sort with a value typed over is still refused, and the sheet is left as it is', () => {
    const { emu, ss, s } = setUp(10);
    s.getRange('A2:C11').sort({ column: 3, ascending: false });
    s.getRange('B4').setValue(12345);
    const before = JSON.stringify(emu.spreadsheet.values('Pages!A1:C11'));
    expect(refusal(rewrite(ss))).toMatch(/cells edited in .*B.*, inside the report's block A1:C11/);
    expect(JSON.stringify(emu.spreadsheet.values('Pages!A1:C11'))).toBe(before);
  });

  it('a sort that moved the Total row is an edit', () => {
    const { ss } = sheetEmulator();
    const table = { ...pagesTable(10), fixedTail: 1 };
    table.rows.push(['Total', 82.5, 5500]);
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table, note: NOTE });
    const s = sheet(ss, 'Pages');
    s.getRange('A2:C12').sort({ column: 3, ascending: false });
    expect(shown(ss, 'Pages', 'A2')).toEqual([['Total']]);
    // A range, not a cell: the refusal says the edit is somewhere in it, not in every cell.
    expect(refusal(rewrite(ss))).toMatch(
      /cells edited in A2:C12, inside the report's block A1:C12 \(somewhere in A2:C12: edits are found to a group of rows, not to one cell\)\./,
    );
    s.getRange('A2:C12').sort({ column: 3, ascending: true });
    s.getRange('A2:C11').sort({ column: 2, ascending: false });
    expect(shown(ss, 'Pages', 'A12')).toEqual([['Total']]);
    expect(rewrite(ss)().sortReplaced).toBe(true);
  });

  it('still writes when the user only formatted or typed outside the block', () => {
    const { ss, s } = setUp(10);
    s.getRange('E1:E20').setValue('beside');
    s.getRange('A13').setValue('below');
    expect(rewrite(ss, 10)().range).toBe('A1:C11');
    expect(shown(ss, 'Pages', 'E5')).toEqual([['beside']]);
  });
});

describe('a renamed or deleted sheet', () => {
  it('follows the block to the renamed sheet by its ID instead of forking a new sheet', () => {
    const { ss, s } = setUp(3);
    const id = s.getSheetId();
    s.setName('Renamed by me');
    const result = writeReportBlock(ss, {
      now: sheetClock,
      sheetName: 'Pages',
      sheetId: id,
      blockId: 'r1',
      table: pagesTable(2, (i) => `New ${i}`),
      note: 'n',
    });
    expect(result).toMatchObject({ sheetName: 'Renamed by me', sheetId: id, range: 'A1:C3' });
    expect(ss.getSheetByName('Pages')).toBeNull();
    expect(shown(ss, 'Renamed by me', 'A2:A4')).toEqual([['New 1'], ['New 2'], ['']]);
  });

  it('writes a new sheet by name when the old one was deleted', () => {
    const { ss, s } = setUp(3);
    const id = s.getSheetId();
    ss.deleteSheet(s);
    const result = writeReportBlock(ss, {
      now: sheetClock,
      sheetName: 'Pages',
      sheetId: id,
      blockId: 'r1',
      table: pagesTable(2),
      note: 'n',
    });
    expect(result.sheetName).toBe('Pages');
    expect(result.sheetId).not.toBe(id);
  });
});

describe('the 50,000-character cell limit', () => {
  it('clips over-long text visibly and says so in the note, so the report lands', () => {
    const { ss } = sheetEmulator();
    const long = 'x'.repeat(60_000);
    const table = pagesTable(3, (i) => (i === 2 ? long : `Page ${i}`));
    const result = writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table, note: NOTE });
    expect(result.clippedCells).toBe(1);
    const cell = String(sheet(ss, 'Pages').getRange('A3').getValue());
    expect(cell.length).toBeLessThanOrEqual(50_000);
    expect(cell).toMatch(/^x+ … \[clipped: 60,000 characters, Sheets holds 50,000 in a cell\]$/);
    expect(sheet(ss, 'Pages').getRange('A1').getNote()).toMatch(
      /^Creator Reporting: Page performance\n1 cell was longer than Sheets' 50,000-character limit and was clipped/,
    );
  });

  it('a hostile over-long formula-like text stays text when clipped', () => {
    const { ss } = sheetEmulator();
    writeReportBlock(ss, {
      now: sheetClock,
      sheetName: 'Pages',
      blockId: 'r1',
      table: pagesTable(1, () => `=${'A'.repeat(70_000)}`),
      note: NOTE,
    });
    expect(sheet(ss, 'Pages').getRange('A2').getFormula()).toBe('');
  });
});

describe('beginBlockWrite: the staged API', () => {
  it('appends batches, touches nothing before commit, and abort leaves no trace', () => {
    const { ss } = sheetEmulator();
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(2), note: 'old' });
    const columns = pagesTable(0).columns;
    const w = beginBlockWrite(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', columns });
    w.appendRows(pagesTable(3, (i) => `A${i}`).rows);
    w.appendRows(pagesTable(2, (i) => `B${i}`).rows);
    expect(w.rows).toBe(5);
    expect(shown(ss, 'Pages', 'A2:A3')).toEqual([['Page 1'], ['Page 2']]);
    w.abort();
    expect(ss.getSheets().map((x) => x.getName())).toEqual(['Sheet1', 'Pages']);
    expect(sheet(ss, 'Pages').getRange('A1').getNote()).toBe('old');

    const again = beginBlockWrite(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', columns });
    again.appendRows(pagesTable(3, (i) => `A${i}`).rows);
    again.appendRows(pagesTable(2, (i) => `B${i}`).rows);
    expect(again.commit('new').range).toBe('A1:C6');
    expect(shown(ss, 'Pages', 'A2:A6').flat()).toEqual(['A1', 'A2', 'A3', 'B1', 'B2']);
    expect(sheet(ss, 'Pages').getRange('A1').getNote()).toBe('new');
    expect(() => again.appendRows([])).toThrow(/already ended/);
  });

  it('keeps the user\u2019s cells in the corner between an old wide block and a new tall one', () => {
    const { ss } = sheetEmulator();
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(2), note: 'old' });
    const s = sheet(ss, 'Pages');
    s.getRange('C6').setValue('mine');
    const narrow = pagesTable(6);
    narrow.columns = narrow.columns.slice(0, 2);
    narrow.rows = narrow.rows.map((r) => r.slice(0, 2));
    expect(writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: narrow, note: 'n' }).range).toBe('A1:B7');
    expect(shown(ss, 'Pages', 'C1:C6').flat()).toEqual(['', '', '', '', '', 'mine']);
  });
});

describe('clipText', () => {
  it('never splits an emoji at the cut', () => {
    const text = `${'a'.repeat(49_899)}${'🍮'.repeat(100)}`;
    const clipped = clipText(text);
    expect(clipped.length).toBeLessThanOrEqual(50_000);
    expect(/[\ud800-\udbff](?![\udc00-\udfff])/.test(clipped)).toBe(false);
  });
});

describe('a block written by an older version (a version-1 record)', () => {
  /** The block as the previous version left it: its record replaced by the version-1 form of the same cells. */
  function olderBlock() {
    const { emu, ss, s } = setUp(10);
    const v1 = legacyFingerprint(s, { row: 1, col: 1, rows: 11, cols: 3 });
    forgetRecord(s, 'CR_r1');
    s.addDeveloperMetadata(
      recordKey('CR_r1'),
      JSON.stringify({ rows: v1.rows, cols: v1.cols, band: v1.band, rowHashes: v1.rowHashes, colHashes: v1.colHashes }),
    );
    return { emu, ss, s };
  }

  it('refreshes as before and stores the new record, with which a later sort is no longer an edit', () => {
    const { ss, s } = olderBlock();
    expect(readRecord(s, 'CR_r1')?.v).toBe(1);
    expect(rewrite(ss)().range).toBe('A1:C11');
    expect(readRecord(s, 'CR_r1')).toMatchObject({ v: 2, rows: 11, cols: 3, head: [expect.any(String)], tail: [] });
    s.getRange('A2:C11').sort({ column: 3, ascending: false });
    expect(rewrite(ss)().sortReplaced).toBe(true);
  });

  it('still refuses a value typed over its cells', () => {
    const { ss, s } = olderBlock();
    s.getRange('B4').setValue(999);
    expect(refusal(rewrite(ss))).toMatch(/cells edited in B4/);
  });
});
