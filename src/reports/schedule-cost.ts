import { CreatorError } from '../shared/errors';
import { thousands } from '../shared/text-size';
import { estimateWords } from '../shared/duration-words';
import type { ReportSpec } from '../catalog/types';
import type { Schedule } from '../shared/types';
import { MAX_PAGE_SIZE } from '../api/pagination';
import { START_FAN_OUT } from '../api/fan-out';
import { SHEETS_PRICES, TRIGGER_MINUTES_PER_DAY } from '../platform/sheets-prices';
import { MAX_FINGERPRINT_CELLS } from '../sheet/block-record';
import { refreshCellsCost } from '../sheet/refresh-cost';
import { MAX_BLOCK_CELLS } from '../sheet/block-write';
import { SHEET_CELL_LIMIT } from '../sheet/upsert-history';
import { rowsPerCall } from '../sheet/staged-values';

/**
 * What one refresh of a block of this size costs Google, by the cost model (platform/sheets-prices):
 * its pages fetched in parallel batches, the block staged, the old block read once for the user's
 * edits (when it is small enough to be checked cell by cell), and the copy into place (the cells'
 * part is refreshCellsCost, the speed check's and the bench's formula). The bench's
 * refresh scenario measures the same steps (test/reports/schedule-cost.test.ts holds the two together).
 */
export function refreshMs(block: { rows: number; cols: number }): number {
  const p = SHEETS_PRICES;
  const cells = block.rows * block.cols;
  const batches = Math.ceil(Math.ceil(block.rows / MAX_PAGE_SIZE) / START_FAN_OUT);
  // The header rides with the first call's rows.
  const chunks = Math.max(1, Math.ceil((block.rows + 1) / rowsPerCall(block.cols)));
  const checkCalls = cells <= MAX_FINGERPRINT_CELLS ? chunks : 0;
  const calls = chunks + 1 + checkCalls;
  return (
    (1 + batches) * p.roundTripMs +
    calls * p.callMs +
    refreshCellsCost({ write: p.writeCellMs, copy: p.copyCellMs, read: p.readCellMs }, cells)
  );
}

/** Refreshes a day at most; a weekly or monthly schedule counts as one (the day it runs). */
export function runsPerDay(schedule: Schedule | undefined): number {
  return schedule?.every === 'hour' ? 24 : 1;
}

/** A saved report may take at most this share of a day's trigger time: the rest is for the others and the alerts. */
const DAILY_SHARE = 1 / 3;

function cellsText(block: { rows: number; cols: number }): string {
  return `${thousands(block.rows)} rows \u00d7 ${block.cols} columns (${thousands(block.rows * block.cols)} cells)`;
}

/** What to do instead, for this report. */
function smaller(spec: ReportSpec, scheduled: boolean): string {
  const ledger = spec.dateFamily ? 'keep it as a history (Keep history: each refresh pulls only the new and revised days), ' : '';
  return `${scheduled ? 'Schedule it daily, ' : ''}${ledger}or save a shorter date range or a row limit.`;
}

/**
 * Refuses, at save, a report that cannot be refreshed at all (its staged copy would not fit the
 * spreadsheet or the writer) or whose schedule would spend more than a third of the day's trigger
 * time on it. `block` is the size of its last run (null: never run here, nothing to judge yet);
 * `usedCells` the spreadsheet's cells in use, the block included.
 */
export function checkRefreshCost(
  spec: ReportSpec,
  schedule: Schedule | undefined,
  block: { rows: number; cols: number } | null,
  usedCells: number,
): void {
  if (!block) return;
  const cells = block.rows * block.cols;
  const scheduled = schedule !== undefined && schedule.every !== 'off';
  if (cells > MAX_BLOCK_CELLS || usedCells + cells > SHEET_CELL_LIMIT) {
    throw new CreatorError(
      'BAD_INPUT',
      `This report is too big to refresh: its last run wrote ${cellsText(block)}, and a refresh writes a full copy beside the old block until it is complete, which needs ${thousands(cells)} more cells than ${usedCells + cells > SHEET_CELL_LIMIT ? `the spreadsheet has left (${thousands(usedCells)} of Google's ${thousands(SHEET_CELL_LIMIT)} in use)` : `one block may have (${thousands(MAX_BLOCK_CELLS)})`}. Nothing was saved. ${smaller(spec, false)}`,
    );
  }
  if (!scheduled) return;
  const each = refreshMs(block);
  const daily = each * runsPerDay(schedule);
  const budget = TRIGGER_MINUTES_PER_DAY * 60_000 * DAILY_SHARE;
  if (daily <= budget) return;
  throw new CreatorError(
    'BAD_INPUT',
    `This report is too big to refresh ${schedule?.every === 'hour' ? 'every hour' : 'on this schedule'}: its last run wrote ${cellsText(block)}, and each refresh takes Google about ${estimateWords(each)}, ${estimateWords(daily)} a day, more than a third of the ${TRIGGER_MINUTES_PER_DAY} minutes a day a Google account's schedules and alerts may run. Nothing was saved. ${smaller(spec, true)}`,
  );
}
