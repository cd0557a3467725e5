import { locateBlock } from '../../src/sheet/block-locate';
import { readRecord, recordKey, writeRecord } from '../../src/sheet/block-record';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { PAGES_NOTE as NOTE, pagesBlock as setUp, pagesTable, refusal, shown, sheetClock } from './helpers';

/**
 * The user deleted a block's named range (Data > Named ranges > delete). Its record is still on
 * the sheet: where the cells it describes are still the report's, the refresh recognises them and
 * goes on; where they are not, it refuses, naming the cells really in the way, and writes nothing.
 */

const refresh = (ss: ReturnType<typeof setUp>['ss'], rows = 10) =>
  writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(rows, (i) => `New ${i}`), note: NOTE });

const namedRanges = (ss: ReturnType<typeof setUp>['ss']) =>
  ss.getNamedRanges().map((n) => `${n.getName()}=${n.getRange().getA1Notation()}`);

describe('a block whose named range the user deleted', () => {
  it('is recognised from its record where it was written, its named range made again, and refreshed', () => {
    const { ss } = setUp(10);
    ss.removeNamedRange('CR_r1');
    expect(refresh(ss, 12).range).toBe('A1:C13');
    expect(shown(ss, 'Pages', 'A2:A3')).toEqual([['New 1'], ['New 2']]);
    expect(namedRanges(ss)).toEqual(['CR_r1=A1:C13']);
  });

  it('is found at the place it was last written, not the start cell, after rows were inserted above it', () => {
    const { ss, s } = setUp(3);
    s.insertRowsBefore(1, 2);
    s.getRange('A1').setValue('My heading');
    expect(refresh(ss, 3).range).toBe('A3:C6');
    ss.removeNamedRange('CR_r1');
    expect(refresh(ss, 2).range).toBe('A3:C5');
    expect(shown(ss, 'Pages', 'A1:A6')).toEqual([['My heading'], [''], ['Page URL'], ['New 1'], ['New 2'], ['']]);
    expect(namedRanges(ss)).toEqual(['CR_r1=A3:C5']);
  });

  it('a record stored before places were (no `at`) is looked for at the start cell', () => {
    const { ss, s } = setUp(4);
    const { at, ...old } = readRecord(s, 'CR_r1') as Extract<ReturnType<typeof readRecord>, { v: 2 }>;
    expect(at).toEqual({ row: 1, col: 1 });
    writeRecord(s, 'CR_r1', old);
    ss.removeNamedRange('CR_r1');
    expect(refresh(ss, 4).range).toBe('A1:C5');
    // Upgraded on that write.
    expect(
      JSON.parse(
        s
          .getDeveloperMetadata()
          .find((m) => m.getKey() === recordKey('CR_r1'))!
          .getValue()!,
      ).at,
    ).toEqual({ row: 1, col: 1 });
  });

  it('is found where rows and columns inserted after the range was deleted moved it, the user’s cells kept', () => {
    const { ss, s } = setUp(3);
    ss.removeNamedRange('CR_r1');
    s.insertRowsBefore(1, 2);
    s.insertColumnsBefore(1, 1);
    s.getRange('A1').setValue('My heading');
    s.getRange('A4').setValue('my note');
    expect(refresh(ss, 3).range).toBe('B3:D6');
    expect(shown(ss, 'Pages', 'A1:B4')).toEqual([
      ['My heading', ''],
      ['', ''],
      ['', 'Page URL'],
      ['my note', 'New 1'],
    ]);
    expect(namedRanges(ss)).toEqual(['CR_r1=B3:D6']);
  });

  it('is refused when two places match it (the user copied the block): which one is the report’s cannot be told', () => {
    const { emu, ss, s } = setUp(3);
    ss.removeNamedRange('CR_r1');
    s.insertRowsBefore(1, 1);
    s.getRange('E2:G5').setValues(s.getRange('A2:C5').getValues());
    const before = JSON.stringify(emu.spreadsheet.values('Pages!A1:G6'));
    expect(refusal(() => refresh(ss, 3))).toMatch(
      /^Sheet 'Pages' has content in A2:C4 \(9 cells\), where this report's block was \(A1:C4\)\./,
    );
    expect(JSON.stringify(emu.spreadsheet.values('Pages!A1:G6'))).toBe(before);
  });

  it('never takes another report’s block, however alike: a cleared block is written afresh where it was', () => {
    const { ss, s } = setUp(3);
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r2', table: pagesTable(3), note: NOTE, startCell: 'E1' });
    ss.removeNamedRange('CR_r1');
    s.getRange('A1:C4').clearContent();
    expect(refresh(ss, 3).range).toBe('A1:C4');
    expect(shown(ss, 'Pages', 'E2')).toEqual([['Page 1']]);
    expect(namedRanges(ss).sort()).toEqual(['CR_r1=A1:C4', 'CR_r2=E1:G4']);
  });

  it('a block whose data rows were sorted too is still the report’s own', () => {
    const { ss, s } = setUp(5);
    s.getRange('A2:C6').sort({ column: 1, ascending: false });
    ss.removeNamedRange('CR_r1');
    expect(refresh(ss, 5).range).toBe('A1:C6');
  });

  it('cells that no longer match are refused, naming the block’s cells (not only its header), and kept', () => {
    const { emu, ss, s } = setUp(10);
    s.getRange('B7').setValue(12345);
    ss.removeNamedRange('CR_r1');
    const before = JSON.stringify(emu.spreadsheet.values('Pages!A1:D13'));
    const message = refusal(() => refresh(ss, 10));
    expect(message).toBe(
      "Sheet 'Pages' has content in A1:C11 (33 cells), where this report's block was (A1:C11). " +
        'The block\u2019s named range was deleted and those cells no longer match what the report last wrote, so they may be yours: nothing was changed. ' +
        'To refresh the report there, clear or move those cells; or choose another sheet for it.',
    );
    expect(JSON.stringify(emu.spreadsheet.values('Pages!A1:D13'))).toBe(before);
    expect(namedRanges(ss)).toEqual([]);
    // Once the user cleared them, the report writes there again.
    s.getRange('A1:C11').clearContent();
    expect(refresh(ss, 10).range).toBe('A1:C11');
  });

  it('locateBlock leaves a block with its named range alone and says where an unrecognised one was', () => {
    const { ss, s } = setUp(3);
    expect(locateBlock(ss, s, 'r1').orphan).toBeNull();
    s.getRange('A2').setValue('mine');
    ss.removeNamedRange('CR_r1');
    const located = locateBlock(ss, s, 'r1');
    expect(located).toMatchObject({ committed: null, orphan: { row: 1, col: 1, rows: 4, cols: 3 } });
  });
});
