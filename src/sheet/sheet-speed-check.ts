import { CreatorError, isCreatorError } from '../shared/errors';
import type { Execution } from '../platform/execution';
import { OutOfTime, stepClock, stopBy } from '../platform/deadline';
import { deniedScope } from '../platform/permissions';
import type { Sheet, Spreadsheet } from '../platform/types';
import { thousands } from '../shared/text-size';
import { refreshVsFirstPull } from './refresh-cost';
import { insertScratchSheet, removeSheet } from './staging-sheets';

/**
 * The number the refresh's cost hinges on, measured on a real spreadsheet: what a server-side
 * `Range.copyTo` costs per cell against `setValues` (the bench prices a copy as a write by
 * assumption; a public figure says several times cheaper), and what a read costs. Writes a grid
 * of report-like values to a scratch sheet of its own and flushes, copies it beside itself the way
 * a refresh commits (flush), reads the copy back, timing each with the platform's clock, and
 * deletes the sheet, also when a step fails. docs/platform.md says how to run it (menu: Measure
 * how fast Sheets writes, copies and reads).
 */
export interface SheetSpeedReport {
  /** Cells written, copied and read (each). */
  cells: number;
  /** Milliseconds per 1,000 cells. */
  writeMsPer1000: number;
  copyMsPer1000: number;
  readMsPer1000: number;
  /** Copy over write, per cell; null when the write took no measurable time. */
  copyPerWrite: number | null;
  readPerWrite: number | null;
  /** refreshVsFirstPull at these speeds, for 120,000 and 60,000 rows; null as above. */
  refresh120k: number | null;
  refresh60k: number | null;
}

const SCRATCH_NAME = 'Creator Reporting speed check';
/** 200,000 cells: seconds on Google at the reported speeds, far inside one execution. */
export const SPEED_CHECK_SIZE = { rows: 20_000, cols: 10 };
/** A read is reported at about 2.5 times a write's cost per cell: room for it before the limit. */
const READ_FACTOR = 3;

type Cell = string | number | Date;

/** Report-like rows: a page address, counts, amounts, a day, an author. */
function sampleRows(rows: number, cols: number): Cell[][] {
  const day = new Date(2026, 9, 1);
  return Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, c): Cell => {
      if (c === 0) return `https://example.com/page-${i}`;
      if (c === 1) return day;
      if (c === 2) return `Author ${i % 97}`;
      return c % 2 ? (i * 7919 + c) % 100_003 : Math.round(i * c * 1.37) / 100;
    }),
  );
}

export function checkSheetSpeed(execution: Execution, size = SPEED_CHECK_SIZE): SheetSpeedReport {
  const { platform } = execution;
  const spreadsheet = platform.spreadsheet();
  if (!spreadsheet) throw new CreatorError('NO_SPREADSHEET', 'Open a spreadsheet to run the check in.');
  const now = (): number => platform.now();
  const clock = stepClock(stopBy(execution), now);
  const { rows, cols } = size;
  const values = sampleRows(rows, cols);
  const sheet = scratchSheet(spreadsheet, rows, cols * 2);
  try {
    const source = sheet.getRange(1, 1, rows, cols);
    const timed = (factor: number, step: () => void): number => {
      clock.before(rows * cols, factor);
      const started = now();
      clock.run(rows * cols, () => {
        step();
        platform.flush();
      });
      return now() - started;
    };
    const write = timed(1, () => source.setValues(values));
    const copy = timed(1, () => source.copyTo(sheet.getRange(1, cols + 1)));
    let copied: unknown[][] = [];
    const read = timed(READ_FACTOR, () => {
      copied = sheet.getRange(1, cols + 1, rows, cols).getValues();
    });
    if (copied.length !== rows || copied[rows - 1]?.[0] !== values[rows - 1][0])
      throw new CreatorError(
        'WRITE_FAILED',
        'Sheets did not copy the sample cells as written, so the speeds mean nothing: try again later.',
      );
    return speeds(rows * cols, write, copy, read);
  } catch (error) {
    throw worded(error, clock.done, rows * cols);
  } finally {
    removeSheet(spreadsheet, sheet);
  }
}

/** A sheet of its own, under a name no sheet has, big enough for the grid and its copy. */
function scratchSheet(spreadsheet: Spreadsheet, rows: number, cols: number): Sheet {
  const sheet = insertScratchSheet(spreadsheet, SCRATCH_NAME);
  try {
    if (sheet.getMaxRows() < rows) sheet.insertRowsAfter(sheet.getMaxRows(), rows - sheet.getMaxRows());
    if (sheet.getMaxColumns() < cols) sheet.insertColumnsAfter(sheet.getMaxColumns(), cols - sheet.getMaxColumns());
  } catch (error) {
    removeSheet(spreadsheet, sheet);
    throw error;
  }
  return sheet;
}

const perThousand = (ms: number, cells: number): number => Math.round((ms * 1000 * 100) / cells) / 100;
const ratio = (a: number, b: number): number | null => (b > 0 ? Math.round((a / b) * 100) / 100 : null);

function speeds(cells: number, write: number, copy: number, read: number): SheetSpeedReport {
  const costs = { write, copy, read };
  const multiple = (rows: number): number | null => (write > 0 ? Math.round(refreshVsFirstPull(costs, rows) * 100) / 100 : null);
  return {
    cells,
    writeMsPer1000: perThousand(write, cells),
    copyMsPer1000: perThousand(copy, cells),
    readMsPer1000: perThousand(read, cells),
    copyPerWrite: ratio(copy, write),
    readPerWrite: ratio(read, write),
    refresh120k: multiple(120_000),
    refresh60k: multiple(60_000),
  };
}

/** A step Sheets failed or had no time for, in words; a permission error stays as it is (the entry words it). */
function worded(error: unknown, done: number, cells: number): unknown {
  if (error instanceof OutOfTime)
    return new CreatorError(
      'TIME_BUDGET',
      `Sheets is too slow right now to finish the speed check in one run (it stopped after ${thousands(done)} of ${thousands(cells * 3)} cell operations, before Google's time limit). Its scratch sheet is removed; try again later.`,
    );
  if (isCreatorError(error) || deniedScope(error)) return error;
  const said = String((error as { message?: unknown } | null)?.message ?? error);
  return new CreatorError(
    'WRITE_FAILED',
    `Sheets failed during the speed check (${said}). Only its own scratch sheet was used, and it is removed; try again later.`,
  );
}

/** The report as the user reads it. */
export function sheetSpeedMessage(r: SheetSpeedReport): string {
  const ms = (v: number): string => `${thousands(v, 2)} ms`;
  const lines = [
    `Sheets wrote ${thousands(r.cells)} cells at ${ms(r.writeMsPer1000)} per 1,000 cells (setValues and flush), copied them at ${ms(r.copyMsPer1000)} per 1,000 (copyTo and flush) and read them at ${ms(r.readMsPer1000)} per 1,000 (getValues).`,
  ];
  if (r.copyPerWrite === null || r.refresh120k === null || r.refresh60k === null) {
    lines.push('The write took no measurable time, so no ratio can be given: run the check again.');
    return lines.join('\n');
  }
  lines.push(
    `A copy costs ${thousands(r.copyPerWrite, 2)} times a write per cell, and a read ${thousands(r.readPerWrite ?? 0, 2)} times.`,
    `At these speeds a daily refresh of 120,000 rows (15 columns) costs about ${thousands(r.refresh120k, 2)} times its first pull, and one of 60,000 rows about ${thousands(r.refresh60k, 2)} times, when every row changed (cells only; rows that did not change are not copied).`,
    "Please send these lines to the add-on's maintainers: they settle what the benchmark assumes a copy costs.",
  );
  return lines.join('\n');
}
