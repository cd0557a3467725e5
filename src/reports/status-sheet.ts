import { findReport } from '../catalog/reports';
import { datesInWords as rangeInWords } from '../dates';
import type { Execution } from '../platform/execution';
import type { Sheet, Spreadsheet } from '../platform/types';
import type { ScheduleOwnerView } from '../shared/types';
import { asLiteralText } from '../sheet/cell-values';
import { sitesInWords } from '../shared/site-words';
import { capitalize } from '../shared/user-input';
import { STATUS_SHEET_NAME } from './keys';
import type { StatusRecord, StoredDefinition } from './report-store';
import { describeSchedule, isScheduled } from './schedule';

/**
 * The status view: the add-on's own sheet, one row per saved report, rewritten after every
 * refresh (its columns only: the alerts table sits beside it). It is where a failed schedule shows
 * up, since Google sends add-on users no failure e-mail (ours is opt-in, per report).
 */
export const STATUS_HEADERS = [
  'Name',
  'Report',
  'Sites',
  'Dates',
  'Sheet',
  'Last run',
  'Outcome',
  'Rows',
  'Data through',
  'Duration (s)',
  'Schedule',
  'Next run',
  'Trigger owner',
  'Last error',
];

export interface StatusRow {
  def: StoredDefinition;
  status: StatusRecord;
  nextRunAt: number | null;
}

const OUTCOME_WORDS: Record<StatusRecord['outcome'], string> = { ok: 'OK', error: 'Failed', never: 'Not run yet' };

export function datesInWords(def: StoredDefinition, status: StatusRecord): string {
  const asked = rangeInWords(def.start, def.end);
  if (!status.startDate) return asked;
  const resolved = `${status.startDate} to ${status.endDate ?? status.startDate}`;
  return asked && asked !== resolved ? `${asked} (${resolved})` : resolved;
}

export function statusRows(ex: Execution, rows: StatusRow[], owner: ScheduleOwnerView): Array<Array<string | number>> {
  const tz = ex.platform.timeZone();
  const when = (ms: number | null) => (ms === null ? '' : ex.platform.formatDate(new Date(ms), tz, 'yyyy-MM-dd HH:mm'));
  // Names, sheet names and errors are typed by people or quoted from data: keep them as text.
  const t = (text: string) => asLiteralText(text, true);
  return rows.map(({ def, status, nextRunAt }) => [
    t(def.name ?? def.id),
    t(findReport(def.report)?.label ?? def.report),
    // A cell of its own starts with a capital ("All active sites"); IDs stay as they are.
    t(def.siteId === 'all' ? capitalize(sitesInWords(def.siteId)) : sitesInWords(def.siteId)),
    t(datesInWords(def, status)),
    t(def.sheetName),
    when(status.lastRunAt),
    OUTCOME_WORDS[status.outcome],
    status.rows ?? '',
    t(status.dataThrough ?? ''),
    status.seconds ?? '',
    describeSchedule(def.schedule),
    isScheduled(def.schedule) ? when(nextRunAt) : '',
    isScheduled(def.schedule) ? t(owner.active ? owner.ownerEmail || 'the editor who turned schedules on (e-mail not shown)' : 'nobody (open the sidebar to restart)') : '',
    t(status.lastError ?? ''),
  ]);
}

/** The status sheet, made (at the end, without switching the user's sheet) when missing. */
export function statusSheet(spreadsheet: Spreadsheet): Sheet {
  const existing = spreadsheet.getSheetByName(STATUS_SHEET_NAME);
  if (existing) return existing;
  // insertSheet activates the new sheet; put the user back where they were.
  const active = spreadsheet.getActiveSheet();
  const sheet = spreadsheet.insertSheet(STATUS_SHEET_NAME, spreadsheet.getNumSheets());
  if (active) spreadsheet.setActiveSheet(active);
  return sheet;
}

/** Rewrites the status sheet (and only it). Returns it, or null without a spreadsheet. */
export function writeStatusSheet(ex: Execution, rows: StatusRow[], owner: ScheduleOwnerView): Sheet | null {
  const spreadsheet = ex.platform.spreadsheet();
  if (!spreadsheet) return null;
  const sheet = statusSheet(spreadsheet);
  const values = [STATUS_HEADERS as Array<string | number>, ...statusRows(ex, rows, owner)];
  // Only the reports table's own columns: the alerts table sits beside it.
  sheet.getRange(1, 1, sheet.getMaxRows(), STATUS_HEADERS.length).clearContent();
  sheet.getRange(1, 1, values.length, STATUS_HEADERS.length).setValues(values);
  sheet.getRange(1, 1, 1, STATUS_HEADERS.length).setFontWeight('bold');
  sheet.setFrozenRows(1);
  return sheet;
}
