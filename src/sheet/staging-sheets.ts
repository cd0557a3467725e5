import type { Sheet, Spreadsheet } from '../platform/types';
import { jsonOf, putMetadata, readMetadata, removeMetadata } from './sheet-metadata';

/**
 * The hidden sheets a refresh stages its block on. Each is marked as the add-on's with developer
 * metadata naming the run that owns it (a user cannot add that from the Sheets UI), and named for
 * its block and the moment it was made (`CR staging <block> <ms>-<random>`), so two runs never
 * share one. A run removes its own at the end; one killed by the time limit cannot, so every write
 * first sweeps the sheets of runs that are over: no execution lasts longer than Apps Script's
 * 6 minutes, and a run continued across executions says so through `runIsLive`.
 *
 * The sweep deletes only what is surely the add-on's and holds nothing else: a marked sheet that
 * is still hidden and has nothing right of the columns the run staged; an unmarked one (made
 * before the mark) only when hidden and named with the time stamp every such version wrote. A
 * user's own "CR staging plan" is never renamed or deleted.
 */
const PREFIX = 'CR staging ';
export const LONGEST_RUN_MS = 6 * 60_000;
const STAMPED = /^CR staging [0-9a-z]+ ([0-9a-z]+)-[0-9a-z]+$/;
export const STAGING_MARK_KEY = 'cr.staging';

interface StagingMark {
  run: string;
  madeAt: number;
  columns: number;
  /**
   * A run continued across executions kept this sheet for its next one: no sweep removes it
   * before then, whoever sweeps (absent in marks written before: the 6 minutes alone).
   */
  keepUntil?: number;
}

/**
 * How long a paused run's staging sheet is kept for its next execution: a day and a bit (the next
 * hourly trigger comes long before; a run never continued is swept after).
 */
export const KEEP_PAUSED_MS = 26 * 3_600_000;

function remark(sheet: Sheet, change: Partial<StagingMark>): void {
  const mark = markOf(sheet);
  if (!mark) return;
  const { keepUntil: _kept, ...rest } = mark;
  putMetadata(sheet, STAGING_MARK_KEY, { ...rest, ...change });
}

/** Marks a staging sheet as kept for its run's next execution, until `until`. */
export function keepForLater(sheet: Sheet, until: number): void {
  remark(sheet, { keepUntil: until });
}

/**
 * A staging sheet about to take its report's name (staging-promote.ts): stamped `now` and kept no
 * longer, so a promotion killed after the rename is swept once its execution is surely over (6
 * minutes), and one under way is not.
 */
export function stampPromotion(sheet: Sheet, now: number): void {
  remark(sheet, { madeAt: now });
}

/**
 * A staging sheet that became the report's own sheet (staging-promote.ts): no sweep may take it.
 * Whether it was marked.
 */
export function unmarkStaging(sheet: Sheet): boolean {
  return removeMetadata(sheet, STAGING_MARK_KEY);
}

function shortHash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

export function removeSheet(spreadsheet: Spreadsheet, sheet: Sheet | null): void {
  if (!sheet) return;
  try {
    spreadsheet.deleteSheet(sheet);
  } catch (_) {
    // Best effort: a later write's sweep removes a leftover staging sheet once its run is surely over.
  }
}

/**
 * A diagnostic's scratch sheet, last, under a name no sheet has (a sheet of the user's is never
 * touched); the user stays where they were (insertSheet activates the new sheet).
 */
export function insertScratchSheet(spreadsheet: Spreadsheet, baseName: string): Sheet {
  let name = baseName;
  for (let n = 2; spreadsheet.getSheetByName(name); n++) name = `${baseName} ${n}`;
  const active = spreadsheet.getActiveSheet();
  const sheet = spreadsheet.insertSheet(name, spreadsheet.getNumSheets());
  if (active) spreadsheet.setActiveSheet(active);
  return sheet;
}

/** `run` names the owning run; by default each staging sheet is a run of its own. */
export function makeStaging(spreadsheet: Spreadsheet, key: string, columns: number, now: number, run?: string): Sheet {
  const stamp = `${now.toString(36)}-${Math.random().toString(36).slice(2, 8) || '0'}`;
  const active = spreadsheet.getActiveSheet();
  const staging = spreadsheet.insertSheet(`${PREFIX}${shortHash(key)} ${stamp}`, spreadsheet.getNumSheets());
  // insertSheet activates the new sheet; the user stays where they were and never sees it.
  if (active) spreadsheet.setActiveSheet(active);
  try {
    staging.hideSheet();
    if (columns > staging.getMaxColumns()) staging.insertColumnsAfter(staging.getMaxColumns(), columns - staging.getMaxColumns());
    const mark: StagingMark = { run: run ?? stamp, madeAt: now, columns };
    staging.addDeveloperMetadata(STAGING_MARK_KEY, JSON.stringify(mark));
  } catch (error) {
    removeSheet(spreadsheet, staging);
    throw error;
  }
  return staging;
}

function markOf(sheet: Sheet): StagingMark | null {
  // Not a mark this version wrote: treated as unmarked.
  return readMetadata(sheet, STAGING_MARK_KEY, (text) => {
    const mark = jsonOf(text) as StagingMark | null | undefined;
    return typeof mark?.run === 'string' && typeof mark.madeAt === 'number' && typeof mark.columns === 'number' ? mark : null;
  });
}

/** Whether `sheet` is a staging sheet of a run that is over and holds only what that run wrote. */
function isLeftover(sheet: Sheet, now: number, runIsLive: (run: string) => boolean): boolean {
  if (!sheet.isSheetHidden()) return false;
  // Marked whatever its name: a promotion killed after its rename leaves the report's name on a
  // hidden sheet still marked (stampPromotion), which nothing else would ever remove.
  const mark = markOf(sheet);
  const name = sheet.getName();
  if (mark) {
    if (typeof mark.keepUntil === 'number' && now < mark.keepUntil) return false;
    return !runIsLive(mark.run) && now - mark.madeAt > LONGEST_RUN_MS && sheet.getLastColumn() <= mark.columns;
  }
  const stamp = STAMPED.exec(name);
  return stamp !== null && now - parseInt(stamp[1], 36) > LONGEST_RUN_MS;
}

/** Removes the staging sheets of runs that are over (finished or abandoned); see above. */
export function sweepStaging(spreadsheet: Spreadsheet, now: number, runIsLive: (run: string) => boolean = () => false): void {
  for (const sheet of spreadsheet.getSheets()) {
    let leftover = false;
    try {
      leftover = isLeftover(sheet, now, runIsLive);
    } catch (_) {
      // Removed meanwhile by another run's sweep.
    }
    if (leftover) removeSheet(spreadsheet, sheet);
  }
}
