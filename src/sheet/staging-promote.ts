import type { Sheet } from '../platform/types';
import { blockRangeName, markOwned } from './block-ownership';
import { blockIdOn, findTarget, settleCommitted, type BlockPlan, type WrittenBlock } from './block-place';
import { bringIntoView } from './bring-into-view';
import { forgetPendingCommit, stagePendingCommit } from './pending-commit';
import type { CommitReads } from './commit-fit';
import { toA1, type Rect } from './rect';
import type { WriteBlockResult } from './report-table';
import { stampPromotion, unmarkStaging } from './staging-sheets';

/**
 * A staged first write into a sheet that does not exist yet, at A1: its staging sheet becomes that
 * sheet (renamed, unmarked, shown) instead of a new sheet the block is copied into. Nothing can
 * refer to a sheet that does not exist (no formula, filter, protection or link to keep), so this
 * is what a direct write does (a hidden new sheet shown when complete), and it saves the copy of
 * every cell that made a pausable first pull (a sidebar run, a saved report) cost about twice a
 * direct one.
 */
export function promotes(plan: BlockPlan): boolean {
  return plan.start.row === 1 && plan.start.col === 1 && !findTarget(plan.spreadsheet, plan.target, plan.sheetName);
}

/**
 * Renamed first: a sheet of that name made meanwhile fails it before anything else changed. A run
 * stopped later leaves a hidden sheet still marked as staging, stamped just before the rename,
 * which a sweep removes once that execution is surely over (staging-sheets.ts), unless a run of the
 * report before then finishes it from the pending commit stored before the rename (pending-commit.ts).
 */
export function promoteStaging(
  plan: BlockPlan,
  staging: Sheet,
  size: { rows: number; cols: number },
  note: string,
  written: WrittenBlock,
  reads: CommitReads,
): WriteBlockResult {
  const { spreadsheet, target, sheetName } = plan;
  staging.getRange(1, 1).setNote(note);
  stampPromotion(staging, target.now());
  const blockId = blockIdOn(target, staging);
  const name = blockRangeName(blockId);
  const rect: Rect = { row: 1, col: 1, rows: size.rows, cols: size.cols };
  // Killed once renamed, a run within the 6 minutes before the sweep finishes it (pending-commit.ts).
  const record = stagePendingCommit({ sheet: staging, rangeName: name, rect }, staging, { written, reads: reads.record }, note, target);
  staging.setName(sheetName);
  markOwned(spreadsheet, name, staging, rect);
  settleCommitted(staging, name, rect, record);
  unmarkStaging(staging);
  forgetPendingCommit(staging, name);
  bringIntoView(staging);
  return {
    sheetName,
    sheetId: staging.getSheetId(),
    blockId,
    range: toA1(rect),
    rows: size.rows - 1,
    clippedCells: 0,
    sortReplaced: false,
  };
}
