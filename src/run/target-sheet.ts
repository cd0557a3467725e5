import { CreatorError } from '../shared/errors';
import type { ReportSpec } from '../catalog/types';
import type { Platform, Spreadsheet } from '../platform/types';
import { blockRangeName, readOwned } from '../sheet/block-ownership';
import { blocksOnSheet, handOverBlock, type BlockOnSheet } from '../sheet/block-handover';
import { locateBlock, ownedRects } from '../sheet/block-locate';
import { refuseUnrecognised } from '../sheet/block-recover';
import { blockConflictError, findConflict } from '../sheet/conflicts';
import { intersect, toA1, type Rect } from '../sheet/rect';

/**
 * Who owns which block of a sheet. The report builder owns one block per sheet, report and sites
 * (so running report B into the sheet holding A's block is refused, never a silent replacement);
 * a saved report owns the block with its own id, taken over from the builder's when it is saved.
 */
const BUILDER_PREFIX = 'sheet-';

/**
 * The builder's block for one report and its sites on a sheet (the sheet's id survives renames).
 * Demo mode's builder has blocks of its own: a demo run never replaces a real pull, nor a real run
 * the demo's sample data.
 */
export function builderBlockId(
  platform: Pick<Platform, 'sha256Hex'>,
  sheetId: number,
  report: string,
  siteId: string | string[],
  demo = false,
): string {
  const sites = ([] as string[]).concat(siteId).map((s) => s.toLowerCase());
  return `${BUILDER_PREFIX}${sheetId}-${demo ? 'demo-' : ''}${platform.sha256Hex(JSON.stringify([report, sites])).slice(0, 12)}`;
}

/** Before reports and sites were part of it, the builder had one block per sheet. */
function legacyBuilderBlockId(sheetId: number): string {
  return `${BUILDER_PREFIX}${sheetId}`;
}

const isBuilderBlock = (block: BlockOnSheet): boolean => block.rangeName.indexOf(blockRangeName(BUILDER_PREFIX)) === 0;

/** "Earnings for site-2", read back from the block's note (blockNote's first lines). */
function whatBlockHolds(block: BlockOnSheet): string {
  const lines = block.note.split('\n');
  const label = /^Creator Reporting: (.+)$/.exec(lines[0] ?? '')?.[1];
  const sites = lines.map((l) => /^Sites?: (.+)$/.exec(l)?.[1]).find((s) => s !== undefined);
  if (!label) return 'another report';
  const text = sites ? `${label} for ${sites}` : label;
  return text.length > 80 ? `${text.slice(0, 79)}\u2026` : text;
}

export interface TargetRun {
  spec: ReportSpec;
  siteId: string | string[];
  sheetName: string;
  /** Where the block starts (a dashboard's parts sit side by side); default A1. */
  startCell?: string;
  /** The chosen columns (catalog fields); absent: every column. */
  columns?: string[];
}

/** How wide the report's header is at least: a conflict in it is known before any pull. */
function knownWidth(run: TargetRun): number {
  const chosen = run.spec.columns.filter((c) => !run.columns || run.columns.includes(c.field));
  const columns = chosen.reduce((n, c) => n + (c.scored ? 2 : 1), 0);
  return Math.max(1, columns + (Array.isArray(run.siteId) || run.siteId.toLowerCase() === 'all' ? 1 : 0));
}

/**
 * Checks, before anything is pulled, that the run may write where it is going: takes over the
 * block this run's owner is entitled to (a saved report adopts the builder block it was saved
 * from), then refuses if another report's block or other content is in the way of its header.
 * The writer checks the whole block again once the size is known.
 */
export function claimTarget(
  spreadsheet: Spreadsheet,
  platform: Pick<Platform, 'sha256Hex'>,
  run: TargetRun,
  savedId?: string,
  demo = false,
): void {
  const sheet = spreadsheet.getSheetByName(run.sheetName);
  if (!sheet) return;
  const sheetId = sheet.getSheetId();
  const builder = builderBlockId(platform, sheetId, run.spec.key, run.siteId, demo);
  const own = savedId ?? builder;
  if (savedId) handOverBlock(spreadsheet, sheet, builder, own);
  // A legacy builder block holds real data from before: never the demo's to take.
  if (!demo) handOverBlock(spreadsheet, sheet, legacyBuilderBlockId(sheetId), own);

  // Where the block is now (a title above it or notes to its left moved it), else where it goes.
  const located = locateBlock(spreadsheet, sheet, own, run.startCell);
  const owned = ownedRects(located);
  const header: Rect = { ...located.origin, rows: 1, cols: Math.max(knownWidth(run), ...owned.map((r) => r.cols)) };
  // A report placed at its own cell shares the sheet with blocks it does not reach; otherwise one block per sheet.
  const other = blocksOnSheet(spreadsheet, sheet).find(
    (b) => b.rangeName !== blockRangeName(own) && (!run.startCell || intersect(b.rect, header)),
  );
  if (other) throw otherBlockError(run.sheetName, other);
  refuseUnrecognised(sheet, run.sheetName, located.orphan);
  const conflict = findConflict(sheet, header, owned);
  if (conflict) throw blockConflictError(run.sheetName, conflict);
}

function otherBlockError(sheetName: string, other: BlockOnSheet): CreatorError {
  const where = `Sheet '${sheetName}' already holds ${whatBlockHolds(other)} (${toA1(other.rect)})`;
  return new CreatorError(
    'BLOCK_CONFLICT',
    isBuilderBlock(other)
      ? `${where}. Choose another sheet for this report, or delete that sheet first to replace it.`
      : `${where}, kept up to date by a saved report. Run that one from the Saved tab, or choose another sheet for this report.`,
  );
}

/**
 * A saved report made from the builder's last run takes over that run's block (its data is the
 * report's own first refresh); a deleted saved report hands its block back, so the builder may
 * replace the data left in the sheet.
 */
export function adoptBuilderBlock(
  spreadsheet: Spreadsheet,
  platform: Pick<Platform, 'sha256Hex'>,
  run: TargetRun,
  savedId: string,
  demo = false,
): boolean {
  const sheet = spreadsheet.getSheetByName(run.sheetName);
  if (!sheet) return false;
  return handOverBlock(spreadsheet, sheet, builderBlockId(platform, sheet.getSheetId(), run.spec.key, run.siteId, demo), savedId);
}

export function releaseToBuilder(
  spreadsheet: Spreadsheet,
  platform: Pick<Platform, 'sha256Hex'>,
  run: Omit<TargetRun, 'sheetName'>,
  savedId: string,
  demo = false,
): boolean {
  const area = readOwned(spreadsheet, blockRangeName(savedId));
  if (!area) return false;
  return handOverBlock(spreadsheet, area.sheet, savedId, builderBlockId(platform, area.sheet.getSheetId(), run.spec.key, run.siteId, demo));
}

/**
 * The block a report to be saved would refresh: its own (an edit of a saved report) or the
 * builder's that saving takes over. Null when neither has run in this spreadsheet yet.
 */
export function blockToRefresh(
  spreadsheet: Spreadsheet,
  platform: Pick<Platform, 'sha256Hex'>,
  run: TargetRun,
  savedId: string | undefined,
  demo = false,
): Rect | null {
  const own = savedId ? readOwned(spreadsheet, blockRangeName(savedId)) : null;
  if (own) return own.rect;
  const sheet = spreadsheet.getSheetByName(run.sheetName);
  if (!sheet) return null;
  return readOwned(spreadsheet, blockRangeName(builderBlockId(platform, sheet.getSheetId(), run.spec.key, run.siteId, demo)))?.rect ?? null;
}
