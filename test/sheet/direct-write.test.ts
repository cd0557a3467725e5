/**
 * A first write into a new sheet goes straight there (kept hidden until complete) instead of
 * through a staging sheet; a refresh, or a first write into a sheet that exists, is still staged. These look at what the
 * user would see when such a write succeeds, fails, is killed midway or meets another run.
 */
import { beginBlockWrite } from '../../src/sheet/block-write';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import type { Spreadsheet } from '../../src/platform/types';
import { BOTH_MODES } from '../../emulator/variants';
import { caught } from '../api/helpers/caught';
import { pagesTable, sheet, sheetEmulator, shown, sheetClock } from './helpers';

const columns = pagesTable(0).columns;
const names = (ss: Spreadsheet): string[] => ss.getSheets().map((s) => s.getName());
const namedRanges = (ss: Spreadsheet): string[] => ss.getNamedRanges().map((n) => n.getName());

describe('a first write goes straight into its target', () => {
  it('writes a new sheet once: no staging sheet, no copy, the same block as a staged write', () => {
    const { emu, ss } = sheetEmulator();
    emu.resetCounters();
    const result = writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(30_000), note: 'n' });
    expect(result).toMatchObject({ sheetName: 'Pages', range: 'A1:C30001', rows: 30_000 });
    // Each cell written once (two chunks with the header): a staged write sent them twice.
    expect(emu.counters.setValuesCells).toBe(30_001 * 3);
    expect(names(ss)).toEqual(['Sheet1', 'Pages']);
    expect(shown(ss, 'Pages', 'A1:C2')).toEqual([
      ['Page URL', 'Earnings', 'Pageviews'],
      ['Page 1', '$1.50', '100'],
    ]);
    expect(sheet(ss, 'Pages').getRange('A1').getNote()).toBe('n');
    expect(sheet(ss, 'Pages').getRange('A1').getFontWeight()).toBe('bold');
    expect(sheet(ss, 'Pages').getFrozenRows()).toBe(1);
    expect(namedRanges(ss)).toEqual(['CR_r1']);

    // The refresh after it is staged, and notices a cell the user typed over the report.
    sheet(ss, 'Pages').getRange('B5').setValue('mine');
    expect(() => writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(5), note: 'n2' })).toThrow(
      /cells edited in B\d+:B\d+, inside the report's block A1:C30001/,
    );
  });

  it('stages a first write into an empty area of an existing sheet (rows arriving there could be typed over), and leaves the user’s cells alone', () => {
    const { emu, ss } = sheetEmulator();
    const s = sheet(ss, 'Sheet1');
    s.getRange('A1:B2').setValues([
      ['my', 'notes'],
      ['keep', 'these'],
    ]);
    emu.resetCounters();
    const result = writeReportBlock(ss, {
      now: sheetClock,
      sheetName: 'Sheet1',
      blockId: 'r1',
      table: pagesTable(3),
      note: 'n',
      startCell: 'D2',
    });
    expect(result.range).toBe('D2:F5');
    // Staged, then copied into place: each cell sent once, and copied once.
    expect(emu.counters.setValuesCells).toBe(4 * 3);
    expect(emu.counters.copyCells).toBe(4 * 3);
    expect(shown(ss, 'Sheet1', 'A1:F3')).toEqual([
      ['my', 'notes', '', '', '', ''],
      ['keep', 'these', '', 'Page URL', 'Earnings', 'Pageviews'],
      ['', '', '', 'Page 1', '$1.50', '100'],
    ]);
    expect(s.getFrozenRows()).toBe(0);
  });

  it('a first write into an existing sheet that fails midway leaves the area empty, the user’s cells and the sheet’s size as they were', () => {
    const { emu, ss } = sheetEmulator();
    const s = sheet(ss, 'Sheet1');
    s.getRange('E1').setValue('mine');
    const size = [s.getMaxRows(), s.getMaxColumns()];
    // The second chunk of rows fails (Sheets timed out).
    emu.spreadsheet.writeFault = { callsLeft: 2, message: 'Service Spreadsheets timed out while accessing document' };
    const error = caught(() =>
      writeReportBlock(ss, { now: sheetClock, sheetName: 'Sheet1', blockId: 'r1', table: pagesTable(30_000), note: 'n' }),
    );
    // The message a failed write has always had.
    expect(error.message).toBe("Writing to sheet 'Sheet1' failed midway; the previous data is still in place. Try again.");
    expect(shown(ss, 'Sheet1', 'A1:E2')).toEqual([
      ['', '', '', '', 'mine'],
      ['', '', '', '', ''],
    ]);
    expect(s.getLastRow()).toBe(1);
    expect([s.getMaxRows(), s.getMaxColumns()]).toEqual(size);
    expect(namedRanges(ss)).toEqual([]);
    expect(names(ss)).toEqual(['Sheet1']);
    expect(writeReportBlock(ss, { now: sheetClock, sheetName: 'Sheet1', blockId: 'r1', table: pagesTable(30_000), note: 'n' }).range).toBe(
      'A1:C30001',
    );
  });

  it('a first write killed midway (no cleanup runs): the next run of the report rewrites the area and clears what is left', () => {
    const { ss } = sheetEmulator();
    const killed = beginBlockWrite(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', columns });
    killed.appendRows(pagesTable(20_000, (i) => `Killed ${i}`).rows);
    killed.appendRows(pagesTable(20_000, (i) => `Killed ${20_000 + i}`).rows);
    // Apps Script's time limit ends the run here: no abort, no finally.
    expect(shown(ss, 'Pages', 'A40001')).toEqual([['Killed 40000']]);

    // Another report may not write over what the killed run left.
    expect(() => writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'other', table: pagesTable(3), note: 'x' })).toThrow(
      /Sheet 'Pages' has other content in A1:C4 \(12 cells\)/,
    );
    // The same report's next run knows the area as its own: no refusal, nothing of the killed run left.
    const next = writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(25_000), note: 'next' });
    expect(next.range).toBe('A1:C25001');
    expect(shown(ss, 'Pages', 'A25001:A25002')).toEqual([['Page 25000'], ['']]);
    expect(sheet(ss, 'Pages').getLastRow()).toBe(25_001);
    expect(namedRanges(ss)).toEqual(['CR_r1']);
    expect(names(ss)).toEqual(['Sheet1', 'Pages']);
  });

  it('another run of the same report that lands first: this one stops without touching its block', () => {
    const { ss } = sheetEmulator();
    const slow = beginBlockWrite(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', columns });
    slow.appendRows(pagesTable(10, (i) => `Slow ${i}`).rows);
    // Meanwhile a second run of the report sees the unfinished area and stages its own block.
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(4, (i) => `Fast ${i}`), note: 'fast' });
    const error = caught(() => slow.appendRows(pagesTable(10, (i) => `Slow ${10 + i}`).rows));
    expect(error.code).toBe('WRITE_FAILED');
    expect(error.message).toMatch(/^Sheet 'Pages' changed while this report was being written into it .* Run the report again/);
    slow.abort();
    expect(shown(ss, 'Pages', 'A1:A6').flat()).toEqual(['Page URL', 'Fast 1', 'Fast 2', 'Fast 3', 'Fast 4', '']);
    expect(sheet(ss, 'Pages').getRange('A1').getNote()).toBe('fast');
    expect(namedRanges(ss)).toEqual(['CR_r1']);
  });

  // Strict: activating a hidden sheet may leave it hidden on Google; the commit shows it either way.
  it.each(BOTH_MODES)(
    'keeps the new sheet hidden while it fills, shows it when complete, and removes it on failure (%s)',
    (_mode, variants) => {
      const { ss } = sheetEmulator({ variants });
      const w = beginBlockWrite(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', columns });
      w.appendRows(pagesTable(10).rows);
      // Nothing to type over while it fills: the sheet is hidden and the user stays where they were.
      expect(sheet(ss, 'Pages').isSheetHidden()).toBe(true);
      expect(ss.getActiveSheet()!.getName()).toBe('Sheet1');
      w.commit('n');
      expect(sheet(ss, 'Pages').isSheetHidden()).toBe(false);
      expect(ss.getActiveSheet()!.getName()).toBe('Pages');

      const failing = beginBlockWrite(ss, { now: sheetClock, sheetName: 'Other', blockId: 'r2', columns });
      failing.appendRows(pagesTable(10).rows);
      failing.abort();
      expect(names(ss)).toEqual(['Sheet1', 'Pages']);
    },
  );

  it('a first report with no rows still shows its header in the new sheet, and an empty refresh keeps it', () => {
    const { ss } = sheetEmulator();
    const first = writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(0), note: 'none yet' });
    expect(first).toMatchObject({ sheetName: 'Pages', range: 'A1:C1', rows: 0 });
    expect(shown(ss, 'Pages', 'A1:C2')).toEqual([
      ['Page URL', 'Earnings', 'Pageviews'],
      ['', '', ''],
    ]);
    expect(sheet(ss, 'Pages').isSheetHidden()).toBe(false);
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(0), note: 'still none' });
    expect(shown(ss, 'Pages', 'A1:C1')).toEqual([['Page URL', 'Earnings', 'Pageviews']]);
  });

  it('a new sheet whose first write was killed is shown by the next write of the report, even one that activates nothing (a schedule)', () => {
    const { ss } = sheetEmulator();
    // Killed: neither commit nor abort ever runs.
    beginBlockWrite(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', columns }).appendRows(pagesTable(10).rows);
    expect(sheet(ss, 'Pages').isSheetHidden()).toBe(true);
    writeReportBlock(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', table: pagesTable(4), note: 'next' });
    expect(sheet(ss, 'Pages').isSheetHidden()).toBe(false);
    expect(shown(ss, 'Pages', 'A1:A6').flat()).toEqual(['Page URL', 'Page 1', 'Page 2', 'Page 3', 'Page 4', '']);
    expect(ss.getActiveSheet()!.getName()).toBe('Sheet1');
  });

  it('a user who unhides the filling sheet and types below its rows stops it; their cell stays, the rows go', () => {
    const { ss } = sheetEmulator();
    const w = beginBlockWrite(ss, { now: sheetClock, sheetName: 'Pages', blockId: 'r1', columns });
    w.appendRows(pagesTable(10).rows);
    const s = sheet(ss, 'Pages');
    s.showSheet();
    s.getRange('B15').setValue('typed meanwhile');
    const error = caught(() => w.appendRows(pagesTable(10).rows));
    expect(error.message).toBe(
      "Sheet 'Pages' has other content in B15, where this report needs to write. Move that content or choose another sheet.",
    );
    w.abort();
    expect(shown(ss, 'Pages', 'A1:B1')).toEqual([['', '']]);
    expect(shown(ss, 'Pages', 'B15')).toEqual([['typed meanwhile']]);
    expect(namedRanges(ss)).toEqual([]);
  });

  it('stages instead when the area holds anything, so a conflict still changes nothing', () => {
    const { emu, ss } = sheetEmulator();
    sheet(ss, 'Sheet1').getRange('B40').setValue('budget');
    emu.resetCounters();
    expect(() => writeReportBlock(ss, { now: sheetClock, sheetName: 'Sheet1', blockId: 'r1', table: pagesTable(50), note: 'n' })).toThrow(
      "Sheet 'Sheet1' has other content in B40, where this report needs to write. Move that content or choose another sheet.",
    );
    expect(sheet(ss, 'Sheet1').getLastRow()).toBe(40);
    expect(shown(ss, 'Sheet1', 'A1:A2')).toEqual([[''], ['']]);
    expect(names(ss)).toEqual(['Sheet1']);
  });
});
