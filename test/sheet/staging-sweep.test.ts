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

  it("keeps a paused write's staging sheet for its next execution, whoever sweeps, and goes on from its rows", () => {
    const { ss } = sheetEmulator();
    const clock = { at: Date.parse('2026-11-21T15:00:00Z') };
    const now = () => clock.at;
    writeReportBlock(ss, { sheetName: 'Pages', blockId: 'r1', table: pagesTable(5), note: 'old', now });
    const first = beginBlockWrite(ss, { sheetName: 'Pages', blockId: 'r1', columns, now, pausable: true, runId: 'run-1' });
    first.appendRows(pagesTable(8, (i) => `New ${i}`).rows);
    const kept = first.pause();
    expect(kept).toEqual({ staging: staging(ss)[0], rows: 8 });

    // An hour on, other writes (a status sheet, another report) sweep: the paused run's sheet stays.
    clock.at += 60 * MINUTE;
    writeReportBlock(ss, { sheetName: 'Other', blockId: 'r2', table: pagesTable(2), note: 'n', now });
    expect(staging(ss)).toEqual([kept?.staging]);
    expect(shown(ss, 'Pages', 'A2:A6').flat()).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5']);

    const next = beginBlockWrite(ss, {
      sheetName: 'Pages',
      blockId: 'r1',
      columns,
      now,
      pausable: true,
      runId: 'run-1',
      resume: kept ?? undefined,
    });
    next.appendRows(pagesTable(2, (i) => `Later ${i}`).rows);
    expect(next.commit('new').range).toBe('A1:C11');
    expect(shown(ss, 'Pages', 'A2:A11').flat()).toEqual([...Array.from({ length: 8 }, (_, i) => `New ${i + 1}`), 'Later 1', 'Later 2']);
    expect(staging(ss)).toEqual([]);
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

  it("never renames or deletes a user's own sheet named like a staging sheet, nor an unstamped one from long ago", () => {
    const { ss } = sheetEmulator();
    const clock = { at: Date.parse('2026-11-21T15:00:00Z') };
    const now = () => clock.at;
    ss.insertSheet('CR staging plan')
      .getRange('A1:B2')
      .setValues([
        ['Step', 'Owner'],
        ['Load test', 'Ana'],
      ]);
    ss.insertSheet('CR staging 1x2y3z').hideSheet();
    for (let i = 0; i < 3; i++) {
      writeReportBlock(ss, { sheetName: 'Other', blockId: 'r2', table: pagesTable(2), note: 'n', now });
      clock.at += 60 * MINUTE;
    }
    expect(staging(ss)).toEqual(['CR staging plan', 'CR staging 1x2y3z']);
    expect(shown(ss, 'CR staging plan', 'A2:B2')).toEqual([['Load test', 'Ana']]);
  });

  it('an unmarked staging sheet of an older version goes once the time in its name is 6 minutes past, if still hidden', () => {
    const { ss } = sheetEmulator();
    const clock = { at: Date.parse('2026-11-21T15:00:00Z') };
    const now = () => clock.at;
    const stamped = (ms: number) => `CR staging 1x2y3z ${ms.toString(36)}-ab12cd`;
    ss.insertSheet(stamped(clock.at)).hideSheet();
    ss.insertSheet(stamped(clock.at + 1)); // shown: someone has taken it over
    writeReportBlock(ss, { sheetName: 'Other', blockId: 'r2', table: pagesTable(2), note: 'n', now });
    expect(staging(ss)).toHaveLength(2);
    clock.at += 6 * MINUTE + 1_000;
    writeReportBlock(ss, { sheetName: 'Other', blockId: 'r2', table: pagesTable(2), note: 'n', now });
    expect(staging(ss)).toEqual([stamped(Date.parse('2026-11-21T15:00:00Z') + 1)]);
  });

  it('a staging sheet is marked with its run; one holding anything the run did not write stays', () => {
    const { ss, clock, now } = withRefreshKilled();
    const [name] = staging(ss);
    const marks = sheet(ss, name)
      .getDeveloperMetadata()
      .map((m) => [m.getKey(), JSON.parse(m.getValue() ?? '{}')]);
    expect(marks).toEqual([['cr.staging', { run: expect.any(String), madeAt: now(), columns: columns.length }]]);
    // Someone unhid it and typed beside the staged rows.
    sheet(ss, name).showSheet();
    sheet(ss, name)
      .getRange(1, columns.length + 1)
      .setValue('my note');
    clock.at += 60 * MINUTE;
    writeReportBlock(ss, { sheetName: 'Other', blockId: 'r2', table: pagesTable(2), note: 'n', now });
    expect(staging(ss)).toEqual([name]);
    // Hidden again but still holding the note: it stays.
    sheet(ss, name).hideSheet();
    writeReportBlock(ss, { sheetName: 'Other', blockId: 'r2', table: pagesTable(2), note: 'n', now });
    expect(staging(ss)).toEqual([name]);
  });

  it('a run continued across executions keeps its staging sheet however old; once it is over, the sheet goes', () => {
    const { ss } = sheetEmulator();
    const clock = { at: Date.parse('2026-11-21T15:00:00Z') };
    const now = () => clock.at;
    const live = new Set(['run-1']);
    const runIsLive = (run: string) => live.has(run);
    writeReportBlock(ss, { sheetName: 'Pages', blockId: 'r1', table: pagesTable(5), note: 'old', now });
    const long = beginBlockWrite(ss, { sheetName: 'Pages', blockId: 'r1', columns, now, runId: 'run-1' });
    long.appendRows(pagesTable(8, (i) => `New ${i}`).rows);
    clock.at += 30 * MINUTE;
    beginBlockWrite(ss, { sheetName: 'Other', blockId: 'r2', columns, now, runIsLive }).appendRows(pagesTable(2).rows);
    expect(staging(ss)).toHaveLength(1);
    live.delete('run-1');
    writeReportBlock(ss, { sheetName: 'Other', blockId: 'r2', table: pagesTable(2), note: 'n', now, runIsLive });
    expect(staging(ss)).toEqual([]);
  });
});
