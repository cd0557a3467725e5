/**
 * A refresh stages its block on a hidden sheet. A run killed by the time limit cannot remove it;
 * a later write does, once the run that made it is surely gone (no run lasts over 6 minutes), and
 * never while that run may still be going.
 */
import { beginBlockWrite } from '../../src/sheet/block-write';
import { writeReportBlock } from '../../src/sheet/write-report-block';
import type { Spreadsheet } from '../../src/platform/types';
import { pagesTable, sheet, sheetEmulator, shown } from './helpers';

const MINUTE = 60_000;
const columns = pagesTable(0).columns;
const staging = (ss: Spreadsheet): string[] =>
  ss
    .getSheets()
    .map((s) => s.getName())
    .filter((n) => n.startsWith('CR staging'));

function withRefreshKilled(): { ss: Spreadsheet; clock: { at: number }; now: () => number } {
  const { ss } = sheetEmulator();
  const clock = { at: Date.parse('2026-11-21T15:00:00Z') };
  const now = () => clock.at;
  writeReportBlock(ss, { sheetName: 'Pages', blockId: 'r1', table: pagesTable(5), note: 'old', now });
  const killed = beginBlockWrite(ss, { sheetName: 'Pages', blockId: 'r1', columns, now });
  killed.appendRows(pagesTable(8, (i) => `New ${i}`).rows);
  // The time limit ends the run here: no abort, no finally.
  return { ss, clock, now };
}

describe('leftover staging sheets', () => {
  it('a refresh killed midway leaves its block as it was and a hidden staging sheet, which a write 6 minutes later removes', () => {
    const { ss, clock, now } = withRefreshKilled();
    expect(staging(ss)).toHaveLength(1);
    expect(shown(ss, 'Pages', 'A2:A7').flat()).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5', '']);

    // Five minutes on, its run might still be going: another report's write leaves it.
    clock.at += 5 * MINUTE;
    writeReportBlock(ss, { sheetName: 'Other', blockId: 'r2', table: pagesTable(2), note: 'n', now });
    expect(staging(ss)).toHaveLength(1);

    // Past the longest run there is: the next write of anything removes it.
    clock.at += MINUTE + 1_000;
    writeReportBlock(ss, { sheetName: 'Other', blockId: 'r2', table: pagesTable(3), note: 'n', now });
    expect(staging(ss)).toEqual([]);
    // The report's own next refresh works as ever.
    expect(writeReportBlock(ss, { sheetName: 'Pages', blockId: 'r1', table: pagesTable(8), note: 'new', now }).range).toBe('A1:C9');
  });

  it('never removes the staging sheet of a run still in progress, even one of the same report', () => {
    const { ss, clock, now } = withRefreshKilled();
    clock.at += 7 * MINUTE;
    const running = beginBlockWrite(ss, { sheetName: 'Pages', blockId: 'r1', columns, now });
    running.appendRows(pagesTable(3, (i) => `Running ${i}`).rows);
    expect(staging(ss)).toHaveLength(1);

    // Another run of the same report, and one of another, while the first is still staging.
    clock.at += 5 * MINUTE + 59_000;
    writeReportBlock(ss, { sheetName: 'Pages', blockId: 'r1', table: pagesTable(2), note: 'other run', now });
    writeReportBlock(ss, { sheetName: 'Other', blockId: 'r2', table: pagesTable(2), note: 'n', now });
    expect(staging(ss)).toHaveLength(1);
    running.appendRows(pagesTable(3, (i) => `Running ${3 + i}`).rows);
    expect(running.commit('running').range).toBe('A1:C7');
    expect(shown(ss, 'Pages', 'A7').flat()).toEqual(['Running 6']);
    expect(staging(ss)).toEqual([]);
  });

  it('a staging sheet left by an older version (no time in its name) goes 6 minutes after a write first sees it', () => {
    const { ss } = sheetEmulator();
    const clock = { at: Date.parse('2026-11-21T15:00:00Z') };
    const now = () => clock.at;
    ss.insertSheet('CR staging 1x2y3z').hideSheet();
    writeReportBlock(ss, { sheetName: 'Other', blockId: 'r2', table: pagesTable(2), note: 'n', now });
    expect(staging(ss)).toHaveLength(1);
    clock.at += 6 * MINUTE + 1_000;
    writeReportBlock(ss, { sheetName: 'Other', blockId: 'r2', table: pagesTable(2), note: 'n', now });
    expect(staging(ss)).toEqual([]);
    expect(sheet(ss, 'Other').getRange('A1').getNote()).toBe('n');
  });
});
