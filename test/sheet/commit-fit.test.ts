/**
 * A staged write's commit (one copy of the whole block) is judged at a pace the writer measures,
 * not at one it assumes: under a copy as dear as a write or several times cheaper, the commit runs
 * when it fits, waits for the next execution when only a fresh one can hold it, and is refused
 * with a message naming the size when no execution could. Each copy takes the emulator's price.
 */
import { createEmulator } from '../../emulator';
import { ALL_READS as ALL, copyPace, type CommitReads } from '../../src/sheet/commit-fit';

/** A commit that goes without its reads. */
const NONE = { check: false, record: false };
import type { Sheet } from '../../src/platform/types';

const DATA_ROWS = 1_000;
const SIZE = { rows: DATA_ROWS + 1, cols: 2, checkCells: 0 };

function staged(copyMsPerCell: number, readMsPerCell = 0, copyCallMs = 0, readCallMs = 0) {
  const emu = createEmulator({
    transport: {
      send: () => {
        throw new Error('no network');
      },
    },
    serviceCosts: { prices: { copyCells: copyMsPerCell, readCells: readMsPerCell, copyCalls: copyCallMs, readCalls: readCallMs } },
  });
  const sheet = emu.spreadsheet.insertSheet('CR staging') as unknown as Sheet;
  const grid = [['Page', 'Views'], ...Array.from({ length: DATA_ROWS }, (_, i) => [`/p${i}`, i])];
  emu.runAs({ mode: 'full' }, () => {
    sheet.insertRowsAfter(sheet.getMaxRows(), grid.length);
    sheet.getRange(1, 1, grid.length, 2).setValues(grid);
  });
  const paceFor = (leftMs: number, executionMs: number, writeMsPerCell: number | null) =>
    copyPace({ now: () => emu.clock.now(), stopBy: emu.clock.now() + leftMs, executionMs, writeMsPerCell: () => writeMsPerCell });
  /** Runs `step` in an execution: whether it let the copy go (and with the reads), else the error's code and words. */
  const outcome = (step: () => CommitReads | undefined) =>
    emu.runAs({ mode: 'full' }, () => {
      try {
        const reads = step();
        return { ok: true, copies: emu.counters.copyCalls, ...(reads === undefined ? {} : { reads }) };
      } catch (error) {
        const e = error as { code?: string; message: string };
        return { ok: false, code: e.code, message: e.message, copies: emu.counters.copyCalls };
      }
    });
  /** Judges the copy with `leftMs` left in this execution, and `executionMs` for a whole one. */
  const judge = (how: {
    leftMs: number;
    executionMs: number;
    writeMsPerCell: number | null;
    pausable?: boolean;
    fresh?: boolean;
    checkCells?: number;
    /** Reads beyond one the check makes (a sample row each, past what is read whole). */
    checkCalls?: number;
    recordCells?: number;
    /** The rows the copy covers when the unchanged ones at the top stay (commit-span.ts). */
    copyRows?: number;
    /** No copy: the staging sheet becomes the block's (staging-promote.ts). */
    promoted?: boolean;
  }) =>
    outcome(() =>
      paceFor(how.leftMs, how.executionMs, how.writeMsPerCell).fit(
        sheet,
        how.promoted
          ? { rows: 0, cols: 0, checkCells: 0, recordCells: how.checkCells ?? 0 }
          : {
              ...SIZE,
              checkCells: how.checkCells ?? 0,
              checkCalls: how.checkCalls ?? 0,
              recordCells: how.recordCells ?? 0,
              ...(how.copyRows === undefined ? {} : { copyRows: how.copyRows }),
            },
        {
          pausable: how.pausable ?? true,
          fresh: how.fresh ?? false,
        },
      ),
    );
  const early = (how: { executionMs: number; writeMsPerCell: number; checkCells?: number }) =>
    outcome(() => {
      paceFor(how.executionMs, how.executionMs, how.writeMsPerCell).early(sheet, () => ({ ...SIZE, checkCells: how.checkCells ?? 0 }), 200);
      return undefined;
    });
  return { emu, sheet, grid, judge, early };
}

describe('the commit judged at a measured pace', () => {
  it('runs a copy that fits at the pace of a write without measuring anything', () => {
    const { judge } = staged(0.01);
    // 2,002 cells and the commit's 30 other calls (150,000 cells' worth at the model's ratio): 1.5 s.
    expect(judge({ leftMs: 2_000, executionMs: 5_000, writeMsPerCell: 0.01 })).toEqual({ ok: true, copies: 0, reads: ALL });
  });

  it('measures the copy where a write-priced one would not fit, and runs it when the copy is cheaper', () => {
    const { judge, sheet, grid } = staged(0.1);
    // As a write: 2,002 ms, more than the 1,000 left; as measured: about 200 ms.
    expect(judge({ leftMs: 1_000, executionMs: 5_000, writeMsPerCell: 1 })).toEqual({ ok: true, copies: 2, reads: ALL });
    // The measuring copy changed no cell.
    expect(sheet.getRange(1, 1, grid.length, 2).getValues()).toEqual(grid);
  });

  it("does not charge a copy call's own time to every cell: a big copy is judged at its real price", () => {
    // 300 ms a call and 0.1 ms a cell: the whole copy is about 500 ms, and the commit's 30 other
    // calls 9 s. One small slice alone (40 cells in 304 ms) would make the copy look like 15 s.
    const { judge } = staged(0.1, 0, 300);
    expect(judge({ leftMs: 11_000, executionMs: 20_000, writeMsPerCell: 1 })).toEqual({ ok: true, copies: 2, reads: ALL });
  });

  it("counts the commit's other calls at a call's measured price: a copy that fits alone waits when they do not", () => {
    // 100 ms a call: the copy about 300 ms, its 30 other calls (formats, notes, its record) 3 s.
    const { judge } = staged(0.1, 0, 100);
    expect(judge({ leftMs: 1_000, executionMs: 10_000, writeMsPerCell: 1 })).toMatchObject({ ok: false, code: 'TIME_BUDGET' });
    expect(judge({ leftMs: 4_000, executionMs: 10_000, writeMsPerCell: 1 })).toMatchObject({ ok: true });
  });

  it("counts the edit check's read of the old block: a copy that fits alone waits for an execution that can hold the read too", () => {
    const { judge } = staged(0.1, 1);
    // With room for the read at the model's two and a half writes a cell: nothing measured.
    expect(judge({ leftMs: 10_000, executionMs: 20_000, writeMsPerCell: 0.05, checkCells: 2_002 })).toEqual({
      ok: true,
      copies: 0,
      reads: ALL,
    });
    // The copy alone, as measured: about 200 ms of the 1,000 left.
    expect(judge({ leftMs: 1_000, executionMs: 5_000, writeMsPerCell: 1 })).toMatchObject({ ok: true });
    // With the old block's 2,002 cells read first at 1 ms a cell: 2,202 ms, for the next execution.
    expect(judge({ leftMs: 1_000, executionMs: 5_000, writeMsPerCell: 1, checkCells: 2_002 })).toMatchObject({
      ok: false,
      code: 'TIME_BUDGET',
      message: expect.stringMatching(/that happens in the next one/),
    });
  });

  it("counts each sample row a big block's check reads as a call: where they do not fit, the block goes unread", () => {
    // 200 ms a read call, 40 sample rows of 2 cells: 8 s of calls for 80 cells.
    const { judge } = staged(0.1, 0.001, 0, 200);
    expect(judge({ leftMs: 20_000, executionMs: 20_000, writeMsPerCell: 1, checkCells: 80, checkCalls: 40 })).toMatchObject({
      ok: true,
      reads: ALL,
    });
    // The same with 4 s in a whole execution: the samples could never be read beside the copy.
    expect(judge({ leftMs: 4_000, executionMs: 4_000, writeMsPerCell: 1, checkCells: 80, checkCalls: 40 })).toMatchObject({
      ok: true,
      reads: NONE,
    });
  });

  it('commits without the reads when no execution could hold them beside the copy, instead of refusing every day', () => {
    const { judge } = staged(0.1, 1);
    // The read alone (2,002 ms) is more than a whole execution (2,000): the copy (about 200 ms) runs, unread.
    expect(judge({ leftMs: 1_000, executionMs: 2_000, writeMsPerCell: 1, checkCells: 2_002 })).toEqual({
      ok: true,
      copies: 2,
      reads: NONE,
    });
    // In a fresh execution that cannot hold it beside a tenth for what it does first, the same.
    expect(judge({ leftMs: 2_000, executionMs: 2_100, writeMsPerCell: null, checkCells: 2_002, fresh: true })).toMatchObject({
      ok: true,
      reads: NONE,
    });
    // Without the reads but still not in the time left: the next execution.
    expect(judge({ leftMs: 100, executionMs: 2_000, writeMsPerCell: null, checkCells: 2_002 })).toMatchObject({
      ok: false,
      code: 'TIME_BUDGET',
    });
    // A copy no execution could hold even unread is refused with its size, priced without the reads.
    const refused = staged(1, 1).judge({ leftMs: 1_000, executionMs: 1_500, writeMsPerCell: null, checkCells: 2_002 });
    expect(refused).toMatchObject({
      ok: false,
      code: 'TOO_LARGE',
      message: expect.stringMatching(/^This report has 1,000 rows of 2 columns .* about 2 s at Google's pace/),
    });
  });

  it('prices a commit that goes without the edit check as a copy of every row: nothing vouches for rows left in place', () => {
    const { judge } = staged(0.1, 1);
    // The refresh changed only its last 100 rows, but the check of the old block (2,002 cells at
    // 1 ms) fits no execution of 2 s: unread, the commit copies all 1,001 rows (about 200 ms), so
    // 150 ms left are not enough, and the next execution does it.
    expect(judge({ leftMs: 150, executionMs: 2_000, writeMsPerCell: null, checkCells: 2_002, copyRows: 101 })).toMatchObject({
      ok: false,
      code: 'TIME_BUDGET',
    });
    expect(judge({ leftMs: 1_000, executionMs: 2_000, writeMsPerCell: null, checkCells: 2_002, copyRows: 101 })).toMatchObject({
      ok: true,
      reads: NONE,
    });
    // With the check in reach, only the changed rows are copied, and 1.5 s left hold both.
    expect(judge({ leftMs: 1_500, executionMs: 5_000, writeMsPerCell: null, checkCells: 1_000, copyRows: 101 })).toMatchObject({
      ok: true,
      reads: { check: true },
    });
  });

  it('judges a commit with no copy (the staging sheet becomes the block) by its read, measured on the rows staged', () => {
    const { judge } = staged(0.1, 1);
    // Reading the new block for its record: 2,002 cells at 1 ms, more than the time left, in
    // an execution that could hold it: for the next one; in one that could not: without it.
    expect(judge({ leftMs: 1_000, executionMs: 5_000, writeMsPerCell: null, checkCells: 2_002, promoted: true })).toMatchObject({
      ok: false,
      code: 'TIME_BUDGET',
    });
    expect(judge({ leftMs: 1_000, executionMs: 1_500, writeMsPerCell: null, checkCells: 2_002, promoted: true })).toMatchObject({
      ok: true,
      reads: { record: false },
    });
  });

  it("keeps the edit check where only it fits beside the copy, going without the record's read first", () => {
    const { judge } = staged(0.1, 1);
    // The copy about 200 ms, the check's 1,000 cells 1 s, the record's 2,002 cells 2 s: with both,
    // more than a whole execution of 2 s; with the check alone, 1.2 s, in the 1.5 s left.
    expect(judge({ leftMs: 1_500, executionMs: 2_000, writeMsPerCell: null, checkCells: 1_000, recordCells: 2_002 })).toMatchObject({
      ok: true,
      reads: { check: true, record: false },
    });
    // With room for both, both.
    expect(judge({ leftMs: 4_000, executionMs: 5_000, writeMsPerCell: null, checkCells: 1_000, recordCells: 2_002 })).toMatchObject({
      ok: true,
      reads: ALL,
    });
  });

  it('refuses a commit with no copy whose other calls could never fit, naming the rows staged', () => {
    // 100 ms a call: its 30 other calls take 3 s, more than a whole execution of 1.5 s.
    const { judge, emu } = staged(0.1, 0, 0, 100);
    expect(judge({ leftMs: 1_000, executionMs: 1_500, writeMsPerCell: null, promoted: true })).toMatchObject({
      ok: false,
      code: 'TOO_LARGE',
      message: expect.stringMatching(/^This report has 1,000 rows of 2 columns \(2,002 cells\): .* about 3 s at Google's pace/),
    });
    // Its calls priced by reading a few rows, nothing copied.
    expect(emu.counters.copyCalls).toBe(0);
  });

  it('leaves a copy that only a fresh execution can hold to the next one (a pausable write) or stops cleanly', () => {
    const { judge } = staged(1);
    expect(judge({ leftMs: 1_000, executionMs: 5_000, writeMsPerCell: null })).toMatchObject({
      ok: false,
      code: 'TIME_BUDGET',
      message: expect.stringMatching(/rows are all in, but putting them in place would pass .* that happens in the next one/),
    });
    expect(judge({ leftMs: 1_000, executionMs: 5_000, writeMsPerCell: null, pausable: false })).toMatchObject({
      ok: false,
      code: 'TIME_BUDGET',
      message: expect.stringMatching(/too big for one run: .* the previous data is unchanged/),
    });
  });

  it('refuses a copy no execution could hold, naming the size and what to do instead', () => {
    const { judge } = staged(1);
    const refused = judge({ leftMs: 1_000, executionMs: 1_500, writeMsPerCell: null });
    expect(refused).toMatchObject({ ok: false, code: 'TOO_LARGE' });
    expect(refused.message).toMatch(/^This report has 1,000 rows of 2 columns \(2,002 cells\): .* history report .* shorter date range\.$/);
    // An execution that had nothing else to do and could not hold it beside a tenth for what it
    // does first, or beside what it did spend first (the next spends as much): it never will.
    expect(judge({ leftMs: 1_000, executionMs: 2_100, writeMsPerCell: null, fresh: true })).toMatchObject({ ok: false, code: 'TOO_LARGE' });
    expect(judge({ leftMs: 1_000, executionMs: 5_000, writeMsPerCell: null, fresh: true })).toMatchObject({
      ok: false,
      code: 'TOO_LARGE',
      message: expect.stringMatching(/more than one execution has for it \(1 s\)/),
    });
  });

  it('after the first rows, stops a write whose copy could never fit, and only measures when the writes say it might not', () => {
    expect(staged(1).early({ executionMs: 1_500, writeMsPerCell: 1 })).toMatchObject({ ok: false, code: 'TOO_LARGE', copies: 2 });
    expect(staged(0.1).early({ executionMs: 1_500, writeMsPerCell: 1 })).toMatchObject({ ok: true, copies: 2 });
    expect(staged(1).early({ executionMs: 1_500, writeMsPerCell: 0.005 })).toMatchObject({ ok: true, copies: 0 });
  });

  it('after the first rows, refuses only a copy that could never fit: reads that could not are left out at the commit', () => {
    // The copy about 200 ms; the old block's read of 2,002 cells at 1 ms each: more than an execution.
    expect(staged(0.1, 1).early({ executionMs: 1_500, writeMsPerCell: 1, checkCells: 2_002 })).toMatchObject({ ok: true, copies: 2 });
    // A copy of 2,002 ms could never fit, read or not.
    expect(staged(1, 0).early({ executionMs: 1_500, writeMsPerCell: 1, checkCells: 2_002 })).toMatchObject({
      ok: false,
      code: 'TOO_LARGE',
    });
  });
});
