import { MAX_FINGERPRINT_CELLS } from './block-record';

/**
 * What a saved report's daily refresh costs against its first pull, from what one cell costs
 * Google to write, copy and read, when every row changed (a rolling window: rows that did not
 * change are left in place, commit-span.ts, so this is the dearest refresh). The first pull writes
 * each cell once. A refresh writes them to a staging sheet, puts them in place with one
 * `Range.copyTo` (block-write.ts), and first reads the block once to find the user's edits when the
 * block is small enough to check (block-edits.ts).
 * Cells only: calls, the network and the rest are the same for both and left out, so at small
 * sizes the real multiple is somewhat lower. The one formula the bench (bench/report.ts) and the
 * Sheets speed check (sheet-speed-check.ts) both use.
 */
export interface CellCosts {
  /** Milliseconds per cell (or per thousand: only the ratios matter). */
  write: number;
  copy: number;
  read: number;
}

/** Columns of the bench's sized pulls (pages/performance), the report the refresh targets name. */
export const REFRESH_TARGET_COLUMNS = 15;

/** The cells' part of a refresh of a block of `cells`: staged, copied into place, and first checked when small enough. */
export function refreshCellsCost(costs: CellCosts, cells: number): number {
  const editCheck = cells <= MAX_FINGERPRINT_CELLS ? cells * costs.read : 0;
  return cells * costs.write + cells * costs.copy + editCheck;
}

export function refreshVsFirstPull(costs: CellCosts, rows: number, columns = REFRESH_TARGET_COLUMNS): number {
  const cells = (rows + 1) * columns;
  return refreshCellsCost(costs, cells) / (cells * costs.write);
}
