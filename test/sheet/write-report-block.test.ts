import { writeReportBlock } from '../../src/sheet/write-report-block';
import { rowsPerCall } from '../../src/sheet/staged-values';
import { pagesTable, sheet, sheetEmulator, shown, sheetClock } from './helpers';

const NOTE = 'Creator Reporting: Page performance\nSite: site-1';

describe('writeReportBlock: one block with a bold, frozen header', () => {
  it('writes the header and rows, formats numbers per column, and returns the A1 range', () => {
    const { ss } = sheetEmulator();
    const result = writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(3), note: NOTE });

    expect(result).toEqual({
      sheetName: 'Pages',
      sheetId: sheet(ss, 'Pages').getSheetId(),
      blockId: 'r1',
      range: 'A1:C4',
      rows: 3,
      clippedCells: 0,
    });
    expect(shown(ss, 'Pages', 'A1:C4')).toEqual([
      ['Page URL', 'Earnings', 'Pageviews'],
      ['Page 1', '$1.50', '100'],
      ['Page 2', '$3.00', '200'],
      ['Page 3', '$4.50', '300'],
    ]);
    const s = sheet(ss, 'Pages');
    expect(s.getRange('B2:B4').getValues()).toEqual([[1.5], [3], [4.5]]);
    expect(s.getRange('A1:C1').getFontWeights()).toEqual([['bold', 'bold', 'bold']]);
    expect(s.getRange('A2:C2').getFontWeights()).toEqual([['normal', 'normal', 'normal']]);
    expect(s.getFrozenRows()).toBe(1);
  });

  it('puts the note (report, sites, dates, freshness) on the header cell', () => {
    const { ss } = sheetEmulator();
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(2), note: NOTE });
    expect(sheet(ss, 'Pages').getRange('A1').getNote()).toBe(NOTE);
    expect(sheet(ss, 'Pages').getRange('B1').getNote()).toBe('');
  });

  it('creates the sheet when missing and leaves other sheets alone', () => {
    const { ss } = sheetEmulator();
    ss.getSheetByName('Sheet1')!.getRange('A1').setValue('mine');
    writeReportBlock(ss, { now: sheetClock, sheetName: 'New one', blockId: 'r1', table: pagesTable(1), note: NOTE });
    expect(ss.getSheets().map((s) => s.getName())).toEqual(['Sheet1', 'New one']);
    expect(shown(ss, 'Sheet1', 'A1')).toEqual([['mine']]);
  });

  it('starts the block at the given cell and does not freeze rows above it', () => {
    const { ss } = sheetEmulator();
    const result = writeReportBlock(ss, {
      now: sheetClock,
      sheetName: 'Sheet1',
      blockId: 'r1',
      table: pagesTable(2),
      note: NOTE,
      startCell: 'C5',
    });
    expect(result.range).toBe('C5:E7');
    expect(shown(ss, 'Sheet1', 'C5:E5')).toEqual([['Page URL', 'Earnings', 'Pageviews']]);
    expect(sheet(ss, 'Sheet1').getFrozenRows()).toBe(0);
  });
});

describe('writeReportBlock: untrusted text stays text', () => {
  const hostile = [
    '=IMPORTXML("https://evil.example/x", "//a")',
    '+1 cheap trick',
    '-5 ways to save',
    '@mention',
    "'already quoted",
    '2024',
    '1/2',
    'TRUE',
    '<script>alert(1)</script> tips',
  ];

  it('shows every hostile title exactly as typed, with no formula in any cell', () => {
    const { ss } = sheetEmulator();
    writeReportBlock(ss, {
      now: sheetClock,
      sheetName: 'Pages',
      blockId: 'r1',
      table: pagesTable(hostile.length, (i) => hostile[i - 1]),
      note: NOTE,
    });
    const s = sheet(ss, 'Pages');
    const range = s.getRange(2, 1, hostile.length, 1);
    expect(range.getDisplayValues().map((r) => r[0])).toEqual(hostile);
    expect(range.getValues().map((r) => r[0])).toEqual(hostile);
    expect(range.getFormulas().every((r) => r[0] === '')).toBe(true);
  });

  it('keeps an unexpected formula-like string in a number column as text too', () => {
    const { ss } = sheetEmulator();
    const table = pagesTable(1);
    table.rows[0][1] = '=1+1';
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table, note: NOTE });
    const cell = sheet(ss, 'Pages').getRange('B2');
    expect(cell.getFormula()).toBe('');
    expect(cell.getDisplayValue()).toBe('=1+1');
  });

  it('writes hostile header names as text', () => {
    const { ss } = sheetEmulator();
    const table = pagesTable(1);
    table.columns[2] = { header: '=HYPERLINK("x")', field: '=HYPERLINK("x")', type: 'text' };
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table, note: NOTE });
    expect(sheet(ss, 'Pages').getRange('C1').getFormula()).toBe('');
    expect(shown(ss, 'Pages', 'C1')).toEqual([['=HYPERLINK("x")']]);
  });
});

describe('writeReportBlock: a rewrite owns only its block', () => {
  it('clears only the old cells outside a smaller new block', () => {
    const { ss } = sheetEmulator();
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(10), note: NOTE });
    const s = sheet(ss, 'Pages');
    s.getRange('E1').setValue('my notes');
    s.getRange('A14').setValue('my total');
    s.getRange('D5').setFormula('=SUM(B2:B11)');

    const smaller = pagesTable(4);
    smaller.columns = smaller.columns.slice(0, 2);
    smaller.rows = smaller.rows.map((r) => r.slice(0, 2));
    const result = writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: smaller, note: NOTE });

    expect(result.range).toBe('A1:B5');
    expect(shown(ss, 'Pages', 'A5:C6')).toEqual([
      ['Page 4', '$6.00', ''],
      ['', '', ''],
    ]);
    expect(
      s
        .getRange('A6:C11')
        .getValues()
        .flat()
        .every((v) => v === ''),
    ).toBe(true);
    expect(s.getRange('C1').getFontWeight()).toBe('normal');
    // The user's own cells beside and below survive.
    expect(shown(ss, 'Pages', 'E1')).toEqual([['my notes']]);
    expect(shown(ss, 'Pages', 'A14')).toEqual([['my total']]);
    expect(s.getRange('D5').getFormula()).toBe('=SUM(B2:B11)');
  });

  it('grows into empty cells and adds rows when the sheet is too small', () => {
    const { ss } = sheetEmulator();
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(2), note: NOTE });
    const rows = sheet(ss, 'Pages').getMaxRows();
    const result = writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(rows + 5), note: NOTE });
    expect(result.range).toBe(`A1:C${rows + 6}`);
    expect(sheet(ss, 'Pages').getMaxRows()).toBeGreaterThanOrEqual(rows + 6);
    expect(shown(ss, 'Pages', `A${rows + 6}`)).toEqual([[`Page ${rows + 5}`]]);
  });

  it('stops before writing anything when other content is in the way, naming the sheet and the cells', () => {
    const { emu, ss } = sheetEmulator();
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(2), note: NOTE });
    const s = sheet(ss, 'Pages');
    s.getRange('A6').setValue('budget');
    s.getRange('B7').setValue(42);
    emu.resetCounters();

    let caught: unknown;
    try {
      writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(10), note: 'new' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      code: 'BLOCK_CONFLICT',
      message: "Sheet 'Pages' has other content in A6 and B7, where this report needs to write. Move that content or choose another sheet.",
    });
    // Only the hidden staging sheet was written, and it is gone.
    expect(emu.counters.setValuesCalls).toBeGreaterThan(0);
    expect(ss.getSheets().map((x) => x.getName())).toEqual(['Sheet1', 'Pages']);
    expect(shown(ss, 'Pages', 'A6:B7')).toEqual([
      ['budget', ''],
      ['', '42'],
    ]);
    expect(shown(ss, 'Pages', 'A1:A4')).toEqual([['Page URL'], ['Page 1'], ['Page 2'], ['']]);
    expect(s.getRange('A1').getNote()).toBe(NOTE);
  });

  it('counts a formula showing an empty string as content', () => {
    const { ss } = sheetEmulator();
    sheet(ss, 'Sheet1').getRange('B3').setFormula('=""');
    expect(() => writeReportBlock(ss, { now: sheetClock, sheetName: 'Sheet1', blockId: 'r1', table: pagesTable(5), note: NOTE })).toThrow(
      /other content in B3,/,
    );
  });

  it('treats another report\u2019s block as content it must not overwrite', () => {
    const { ss } = sheetEmulator();
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'first', table: pagesTable(3), note: NOTE });
    expect(() =>
      writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'second', table: pagesTable(3), note: NOTE }),
    ).toThrow(/Sheet 'Pages' has other content in A1:C4/);
    // Beside it there is room.
    const beside = writeReportBlock(ss, {
      now: sheetClock,
      sheetName: 'Pages',
      blockId: 'second',
      table: pagesTable(3),
      note: NOTE,
      startCell: 'E1',
    });
    expect(beside.range).toBe('E1:G4');
  });

  it('follows its block when the user inserts rows above it', () => {
    const { ss } = sheetEmulator();
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(3), note: NOTE });
    const s = sheet(ss, 'Pages');
    s.insertRowsBefore(1, 2);
    s.getRange('A1').setValue('My heading');
    // The block stays where the user moved it (A3:C6); the rows above are the user's.
    const moved = writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(2), note: NOTE });
    expect(moved.range).toBe('A3:C5');
    expect(shown(ss, 'Pages', 'A1:A6')).toEqual([['My heading'], [''], ['Page URL'], ['Page 1'], ['Page 2'], ['']]);
  });
});

describe('writeReportBlock: large blocks', () => {
  /** Past two setValues calls' worth of rows (20,000 rows of 3 columns): what a large block does, at any size above. */
  const LARGE = 45_000;
  const chunks = Math.ceil((LARGE + 1) / rowsPerCall(3));

  it('sends the header with the first rows: a block filling two calls exactly takes two setValues calls, not a third for one row', () => {
    const { emu, ss } = sheetEmulator();
    const rows = 2 * rowsPerCall(3) - 1;
    emu.resetCounters();
    const result = writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'two', table: pagesTable(rows), note: NOTE });
    expect(result.rows).toBe(rows);
    expect(emu.counters.setValuesCalls).toBe(2);
    expect(emu.counters.setValuesCells).toBe((rows + 1) * 3);
    expect(shown(ss, 'Pages', `A${rows}:A${rows + 1}`)).toEqual([[`Page ${rows - 1}`], [`Page ${rows}`]]);
  });

  it('writes 45,000 rows with a handful of setValues calls', () => {
    const { emu, ss } = sheetEmulator();
    emu.resetCounters();
    const result = writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'big', table: pagesTable(LARGE), note: NOTE });
    expect(result).toMatchObject({ sheetName: 'Pages', range: 'A1:C45001', rows: LARGE });
    // The chunks and the header, written straight into the new sheet: no copy to put them in place.
    expect(emu.counters.setValuesCalls).toBeLessThanOrEqual(chunks + 2);
    expect(emu.counters.copyCalls).toBe(0);
    expect(emu.counters.setNumberFormatsCalls).toBeLessThanOrEqual(chunks + 1);
    expect(shown(ss, 'Pages', 'A45001:C45001')).toEqual([['Page 45000', '$67,500.00', '4,500,000']]);
  });

  it('sets number formats once per column, as many calls for 45,000 rows as for 10', () => {
    const formatCalls = (rows: number): number => {
      const { emu, ss } = sheetEmulator();
      emu.resetCounters();
      writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'f', table: pagesTable(rows), note: NOTE });
      expect(sheet(ss, 'Pages').getRange(`A1:C1`).getNumberFormats()).toEqual([['General', 'General', 'General']]);
      expect(
        sheet(ss, 'Pages')
          .getRange(`A${rows + 1}:C${rows + 1}`)
          .getNumberFormats(),
      ).toEqual([['General', '$#,##0.00', '#,##0']]);
      return emu.counters.setNumberFormatsCalls;
    };
    const small = formatCalls(10);
    expect(formatCalls(LARGE)).toBe(small);
    expect(small).toBeLessThanOrEqual(4);
  });
});
