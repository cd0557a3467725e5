import type { Sheet, Spreadsheet } from '../platform/types';

/**
 * The hidden sheets a refresh stages its block on. Each is named for its block and for the moment
 * it was made (`CR staging <block> <ms>-<random>`), so two runs never share one and a leftover can
 * be told from a live one by age alone: no execution lasts longer than Apps Script's 6 minutes, so
 * a staging sheet made more than 6 minutes ago belongs to a run that is gone (killed by the time
 * limit before it could remove it). Every write sweeps those away first.
 */
const PREFIX = 'CR staging ';
export const LONGEST_RUN_MS = 6 * 60_000;
const STAMPED = /^CR staging \S+ ([0-9a-z]+)-[0-9a-z]+$/;

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
    // Best effort: a later write's sweep removes a leftover staging sheet once its run is surely gone.
  }
}

export function makeStaging(spreadsheet: Spreadsheet, key: string, columns: number, now: number): Sheet {
  const name = `${PREFIX}${shortHash(key)} ${now.toString(36)}-${Math.random().toString(36).slice(2, 8) || '0'}`;
  const active = spreadsheet.getActiveSheet();
  const staging = spreadsheet.insertSheet(name, spreadsheet.getNumSheets());
  // insertSheet activates the new sheet; the user stays where they were and never sees it.
  if (active) spreadsheet.setActiveSheet(active);
  staging.hideSheet();
  if (columns > staging.getMaxColumns()) staging.insertColumnsAfter(staging.getMaxColumns(), columns - staging.getMaxColumns());
  return staging;
}

/**
 * Removes the staging sheets of runs that are gone. One made by a version that did not stamp its
 * names gets the time it is first seen instead, and goes 6 minutes after that.
 */
export function sweepStaging(spreadsheet: Spreadsheet, now: number): void {
  for (const sheet of spreadsheet.getSheets()) {
    const name = sheet.getName();
    if (name.indexOf(PREFIX) !== 0) continue;
    const stamp = STAMPED.exec(name);
    if (stamp && now - parseInt(stamp[1], 36) > LONGEST_RUN_MS) removeSheet(spreadsheet, sheet);
    else if (!stamp && name.indexOf(' ', PREFIX.length) < 0) {
      try {
        sheet.setName(`${name} ${now.toString(36)}-seen`);
      } catch (_) {
        // Renamed or removed meanwhile by another run's sweep.
      }
    }
  }
}
