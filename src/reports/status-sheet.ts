import { findReport } from '../catalog/reports';
import { datesInWords as rangeInWords } from '../dates';
import type { Execution } from '../platform/execution';
import type { Sheet, Spreadsheet } from '../platform/types';
import { blockRangeName, readOwned } from '../sheet/block-ownership';
import type { ScheduleOwnerView } from '../shared/types';
import { isCreatorError } from '../shared/errors';
import { writeReportBlock } from '../sheet/write-report-block';
import { sitesInWords } from '../shared/site-words';
import { knownSiteNames } from '../pull/sites';
import { continuingWords } from './refresh-run';
import { capitalize } from '../shared/user-input';
import { DEMO_STATUS_SHEET_NAME, STATUS_SHEET_NAME } from './keys';
import { isDemo } from '../settings/demo-flag';
import type { StatusRecord, StoredDefinition } from './report-store';
import { describeSchedule, isScheduled } from './schedule';
import { warehouseCell, type WarehouseRecord } from './warehouse-status';

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
  'BigQuery export',
];

/** The headers of a status table written before it was a block (see adoptLegacyTable). */
const LEGACY_HEADERS = STATUS_HEADERS.slice(0, 14);

export interface StatusRow {
  def: StoredDefinition;
  status: StatusRecord;
  nextRunAt: number | null;
  /** The last export to BigQuery; null for a report without a table. */
  warehouse?: WarehouseRecord | null;
}

const OUTCOME_WORDS: Record<StatusRecord['outcome'], string> = { ok: 'OK', error: 'Failed', never: 'Not refreshed yet' };

export function datesInWords(def: StoredDefinition, status: StatusRecord): string {
  const asked = rangeInWords(def.start, def.end);
  if (!status.startDate) return asked;
  const resolved = `${status.startDate} to ${status.endDate ?? status.startDate}`;
  return asked && asked !== resolved ? `${asked} (${resolved})` : resolved;
}

export function statusRows(ex: Execution, rows: StatusRow[], owner: ScheduleOwnerView): Array<Array<string | number>> {
  const tz = ex.platform.timeZone();
  const when = (ms: number | null) => (ms === null ? '' : ex.platform.formatDate(new Date(ms), tz, STATUS_TIME_PATTERN));
  // Names, sheet names and errors are typed by people or quoted from data: the writer keeps text
  // columns as text.
  const t = (text: string) => text;
  // Names the site list already fetched in this run (or cached) knows; never a request.
  const nameOf = knownSiteNames(ex);
  return rows.map(({ def, status, nextRunAt, warehouse }) => [
    t(def.name ?? def.id),
    t(findReport(def.report)?.label ?? def.report),
    // A cell of its own starts with a capital ("All active sites"); IDs stay as they are.
    t(def.siteId === 'all' ? capitalize(sitesInWords(def.siteId)) : sitesInWords(def.siteId, nameOf)),
    t(datesInWords(def, status)),
    t(def.sheetName),
    when(status.lastRunAt),
    status.needsApproval ? 'Needs approval' : status.continuing ? 'Continuing' : OUTCOME_WORDS[status.outcome],
    status.rows ?? '',
    t(status.dataThrough ?? ''),
    status.seconds ?? '',
    describeSchedule(def.schedule),
    isScheduled(def.schedule) ? when(nextRunAt) : '',
    isScheduled(def.schedule)
      ? t(
          owner.active
            ? owner.ownerEmail || 'the editor who turned schedules on (e-mail not shown)'
            : 'nobody (open the sidebar to restart)',
        )
      : '',
    t(status.needsApproval ?? (status.continuing ? continuingWords(ex, status.continuing) : null) ?? status.lastError ?? ''),
    t(warehouseCell(ex, warehouse ?? null)),
  ]);
}

/** The status table's block id: the writer tracks it like a report's block. */
const STATUS_BLOCK = 'status';
/**
 * Columns whose cells Sheets may read as it likes (counts, our own words). The times are kept as
 * the text we wrote: Sheets would turn "2026-11-27 07:53" into a date shown in the locale's format
 * (11/27/2026 7:53:00), unlike the alerts table beside it (STATUS_TIME_PATTERN, one format).
 */
const TEXT_COLUMNS = new Set(['Outcome', 'Rows', 'Duration (s)']);

/** How both tables of the status sheet show a time (the spreadsheet's time zone). */
export const STATUS_TIME_PATTERN = 'yyyy-MM-dd HH:mm';

/**
 * A status table written before the table was a block (the sheet's columns A:N were then the
 * add-on's whole): its header row is ours, and so are the rows below it in its columns, which are
 * emptied once so the block can take their place.
 */
/** The status sheet and its block for this execution: demo mode has its own. */
export function statusNames(ex: Execution): { sheet: string; block: string } {
  return isDemo(ex) ? { sheet: DEMO_STATUS_SHEET_NAME, block: `${STATUS_BLOCK}-demo` } : { sheet: STATUS_SHEET_NAME, block: STATUS_BLOCK };
}

function adoptLegacyTable(spreadsheet: Spreadsheet, sheet: Sheet): void {
  if (readOwned(spreadsheet, blockRangeName(STATUS_BLOCK))) return;
  const header = sheet.getRange(1, 1, 1, LEGACY_HEADERS.length).getValues()[0];
  if (header.some((v, i) => v !== LEGACY_HEADERS[i])) return;
  const last = Math.max(1, sheet.getLastRow());
  sheet.getRange(1, 1, last, LEGACY_HEADERS.length).clearContent();
}

/** The status sheet, made (at the end, without switching the user's sheet) when missing. */
export function statusSheet(spreadsheet: Spreadsheet, name: string = STATUS_SHEET_NAME): Sheet {
  const existing = spreadsheet.getSheetByName(name);
  if (existing) return existing;
  // insertSheet activates the new sheet; put the user back where they were.
  const active = spreadsheet.getActiveSheet();
  const sheet = spreadsheet.insertSheet(name, spreadsheet.getNumSheets());
  if (active) spreadsheet.setActiveSheet(active);
  return sheet;
}

/**
 * Rewrites the status table (and only it: the user's cells beside or below it stay, as with any
 * report block). Returns the sheet, or null without a spreadsheet or when the user's edits inside
 * the table stop the writer (the statuses are in the sidebar as well; the log says why).
 */
export function writeStatusSheet(ex: Execution, rows: StatusRow[], owner: ScheduleOwnerView, storeFull = false): Sheet | null {
  const spreadsheet = ex.platform.spreadsheet();
  if (!spreadsheet) return null;
  const names = statusNames(ex);
  try {
    if (names.block === STATUS_BLOCK) adoptLegacyTable(spreadsheet, statusSheet(spreadsheet));
    else statusSheet(spreadsheet, names.sheet);
  } catch (error) {
    // A spreadsheet at its 10 million cells has no room for the sheet: the refresh's own outcomes
    // (in the sidebar, the toast and each report's status) still say what happened.
    ex.platform.log(`Creator Reporting: the status sheet could not be made: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
  const columns = STATUS_HEADERS.map((header) => ({ header, type: TEXT_COLUMNS.has(header) ? 'general' : 'text' }));
  const note = storeFull
    ? "Some statuses could not be saved: this spreadsheet's add-on storage (500 KB) is full. Delete saved reports you no longer need."
    : names.block === STATUS_BLOCK
      ? 'Creator Reporting: one row per saved report, rewritten after every refresh.'
      : 'Creator Reporting (Demo data): one row per saved report of the demo, built-in sample data, not your numbers.';
  try {
    writeReportBlock(spreadsheet, {
      sheetName: names.sheet,
      blockId: names.block,
      table: { columns, rows: statusRows(ex, rows, owner) },
      note,
      now: () => ex.platform.now(),
    });
  } catch (error) {
    if (!isCreatorError(error)) throw error;
    ex.platform.log(`Creator Reporting: the status sheet was not rewritten: ${error.message}`);
    return null;
  }
  return spreadsheet.getSheetByName(names.sheet);
}
