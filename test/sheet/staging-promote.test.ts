import type { Spreadsheet } from '../../src/platform/types';
import { beginBlockWrite } from '../../src/sheet/block-write';
import { STAGING_MARK_KEY } from '../../src/sheet/staging-sheets';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import { pagesTable, sheet, sheetEmulator } from './helpers';

/**
 * A write that may pause (a sidebar run that chains calls, a saved report) stages its rows. When
 * its sheet does not exist yet, the staging sheet becomes that sheet at the commit instead of being
 * copied into a new one (staging-promote.ts). The promises: the user gets the same sheet a direct
 * write gives (values, formats, note, frozen header, in view), no staging sheet is left, no sweep
 * ever takes the sheet for a leftover, and a sheet of that name the user made meanwhile is
 * written into as before, never replaced.
 */
const HOUR = 3_600_000;
let clock = Date.UTC(2026, 10, 21, 15);
const now = (): number => clock;
const table = pagesTable(300);

function pausedWrite(ss: Spreadsheet, sheetName = 'Pages', startCell?: string) {
  const w = beginBlockWrite(ss, {
    sheetName,
    blockId: 'r1',
    columns: table.columns,
    startCell,
    now,
    pausable: true,
    runId: 'run-1',
    runIsLive: () => false,
  });
  w.appendRows(table.rows.slice(0, 150), table.rows.length);
  w.appendRows(table.rows.slice(150), table.rows.length);
  return w;
}

const stagingSheets = (ss: Spreadsheet): string[] =>
  ss
    .getSheets()
    .map((s) => s.getName())
    .filter((n) => n.startsWith('CR staging'));

/** What a user sees of the block and its sheet. */
function looks(ss: Spreadsheet, name: string) {
  const s = sheet(ss, name);
  const range = s.getRange(1, 1, table.rows.length + 1, 3);
  return {
    values: range.getValues(),
    formats: range.getNumberFormats(),
    note: s.getRange(1, 1).getNote(),
    hidden: s.isSheetHidden(),
    frozen: s.getFrozenRows(),
  };
}

describe('a pausable first write into a new sheet', () => {
  it('gets the sheet a direct write gives, with no copy and no staging sheet left', () => {
    clock = Date.UTC(2026, 10, 21, 15);
    const { emu, ss } = sheetEmulator();
    emu.resetCounters();
    const result = pausedWrite(ss).commit('Creator Reporting: Page performance');
    expect(result).toMatchObject({ sheetName: 'Pages', range: 'A1:C301', rows: 300 });
    expect(emu.counters.copyCells).toBe(0);
    expect(stagingSheets(ss)).toEqual([]);
    expect(ss.getActiveSheet()?.getName()).toBe('Pages');

    const direct = sheetEmulator().ss;
    writeReportBlock(direct, { now, sheetName: 'Pages', blockId: 'r1', table, note: 'Creator Reporting: Page performance' });
    expect(looks(ss, 'Pages')).toEqual(looks(direct, 'Pages'));
    expect(looks(ss, 'Pages')).toMatchObject({ hidden: false, frozen: 1 });
    expect(result.sheetId).toBe(sheet(ss, 'Pages').getSheetId());
  });

  it('is never swept as a leftover, and refreshes like any block', () => {
    clock = Date.UTC(2026, 10, 21, 15);
    const { ss } = sheetEmulator();
    pausedWrite(ss).commit('first');
    expect(
      sheet(ss, 'Pages')
        .getDeveloperMetadata()
        .map((m) => m.getKey()),
    ).not.toContain(STAGING_MARK_KEY);
    // Days later, another report's write sweeps leftovers; then this one refreshes.
    clock += 30 * HOUR;
    writeReportBlock(ss, { now, sheetName: 'Other', blockId: 'r2', table: pagesTable(5), note: 'other' });
    expect(ss.getSheetByName('Pages')).not.toBeNull();
    const changed = pagesTable(300, (i) => `Page ${i} renamed`);
    writeReportBlock(ss, { now, sheetName: 'Pages', blockId: 'r1', table: changed, note: 'refreshed' });
    expect(sheet(ss, 'Pages').getRange('A2').getValue()).toBe('Page 1 renamed');
    expect(stagingSheets(ss)).toEqual([]);
  });

  it('a sheet of that name the user made meanwhile is written into, keeping its own ID and cells', () => {
    clock = Date.UTC(2026, 10, 21, 15);
    const { ss } = sheetEmulator();
    const w = pausedWrite(ss);
    const mine = ss.insertSheet('Pages');
    mine.getRange('F1').setValue('mine');
    const result = w.commit('first');
    expect(result.sheetId).toBe(mine.getSheetId());
    expect(sheet(ss, 'Pages').getRange('F1').getValue()).toBe('mine');
    expect(sheet(ss, 'Pages').getRange('A2').getValue()).toBe('Page 1');
    expect(stagingSheets(ss)).toEqual([]);
  });

  it('a block that starts below A1 is copied to its place', () => {
    clock = Date.UTC(2026, 10, 21, 15);
    const { ss } = sheetEmulator();
    const result = pausedWrite(ss, 'Low', 'B3').commit('low');
    expect(result.range).toBe('B3:D303');
    expect(sheet(ss, 'Low').getRange('B4').getValue()).toBe('Page 1');
    expect(sheet(ss, 'Low').getRange('A1').getValue()).toBe('');
    expect(stagingSheets(ss)).toEqual([]);
  });
});
