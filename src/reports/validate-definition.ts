import { CreatorError } from '../shared/errors';
import { defaultReportName } from '../shared/default-names';
import { findReport } from '../catalog/reports';
import type { ReportSpec } from '../catalog/types';
import { COMPARE_TO } from '../dates';
import { canTotal } from '../table';
import { parseDateArg, type DateContext } from '../dates';
import { readQueryOptions } from '../pull/query-options';
import type { ReportDefinition, ReportOptions, Schedule } from '../shared/types';
import { capitalize, describeInput } from '../shared/user-input';
import { STATUS_SHEET_NAME } from './keys';

/**
 * Turns whatever the sidebar sent into a clean definition, or says in plain words what to fix.
 * Only known fields survive, so nothing else (a pasted secret, a stray object) reaches document
 * properties, which every editor of the spreadsheet can read.
 */
const MAX_SITES = 200;

function bad(message: string): never {
  throw new CreatorError('BAD_INPUT', message);
}

/** Text as typed, a number as typed, nothing as ''; null for anything else (the caller names it). */
function typedText(value: unknown): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A text field; anything but text or a number is named rather than stored as "[object Object]". */
function text(value: unknown, label: string): string {
  return typedText(value) ?? bad(`The ${label} must be text, not ${describeInput(value)}.`);
}

/** Site IDs as text (numbers as typed, like formulas read them), a list of them, or "all". */
function siteIdOf(value: unknown): string {
  return (
    typedText(value) ??
    bad(`${capitalize(describeInput(value))} is not a site ID. Pick the sites again: site IDs, or "all" for every active site.`)
  );
}

function cleanSites(value: unknown): string | string[] {
  const list = (Array.isArray(value) ? value : [value]).map(siteIdOf).filter((s) => s !== '');
  if (list.length === 0) bad('Pick at least one site (or "all").');
  if (list.length > MAX_SITES) bad(`A saved report can name at most ${MAX_SITES} sites; use "all" instead.`);
  if (list.some((s) => s.toLowerCase() === 'all')) return 'all';
  const unique = list.filter((s, i) => list.indexOf(s) === i);
  return unique.length === 1 ? unique[0] : unique;
}

/**
 * Dates are stored as typed ("lastMonth", "7daysAgo", "2026-10-01") so every refresh resolves them
 * on its own day; here they are only checked, with the date module's own words for mistakes.
 */
function cleanDates(start: string, end: string, needsDates: boolean, ctx: DateContext): { start?: string; end?: string } {
  if (!needsDates) return {};
  if (!start) bad('Pick a date range: a preset such as "lastThirtyDays", or a start and an end date.');
  const from = parseDateArg(start, 'start', ctx);
  if (from.kind === 'preset') {
    if (end) bad(`"${from.name}" is a preset: leave the end date empty.`);
    return { start: from.name };
  }
  if (!end) bad('Give an end date too (or use a preset as the start).');
  const to = parseDateArg(end, 'end', ctx);
  if (to.kind === 'preset') bad(`"${to.name}" is a preset: use it as the start and leave the end empty.`);
  if (from.kind === 'day' && to.kind === 'day' && from.ymd > to.ymd) bad(`The start date (${from.ymd}) is after the end date (${to.ymd}).`);
  return { start, end };
}

/** Limit and sort go through the pull's own reader: a saved report is refused exactly when its refresh would be. */
function cleanOptions(value: unknown, spec: ReportSpec): ReportOptions | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object') bad('Report options must be an object.');
  const options: ReportOptions = readQueryOptions(spec, value as Record<string, unknown>);
  const raw = value as Record<string, unknown>;
  if (raw.totals !== undefined && raw.totals !== null && raw.totals !== false) {
    if (raw.totals !== true) bad('The totals option is true or false.');
    if (!canTotal(spec)) bad(`${spec.label} has no metrics to total.`);
    options.totals = true;
  }
  const compareTo = text(raw.compareTo, 'comparison');
  if (compareTo) {
    if (!spec.dateFamily) bad(`${spec.label} has no dates, so there is no earlier period to compare with.`);
    const known = COMPARE_TO.find((c) => c === compareTo);
    if (!known) bad(`Compare with previousPeriod, previousYear or previousYearWeekday, not ${describeInput(compareTo)}.`);
    options.compareTo = known;
  }
  return Object.keys(options).length ? options : undefined;
}

/** Revised days are re-read at most this far back; a month covers every revision seen so far. */
export const MAX_REVISION_DAYS = 31;
export const DEFAULT_REVISION_DAYS = 7;

/**
 * A number, or its plain decimal text ("7"): Number() would also take true, [7], " " and "0x1F",
 * each silently becoming a different revision window. Anything else is NaN, so it is refused.
 */
function wholeDays(given: unknown): number {
  if (typeof given === 'number') return given;
  if (typeof given === 'string' && /^\s*\d+\s*$/.test(given)) return Number(given);
  return Number.NaN;
}

function cleanMode(
  raw: Record<string, unknown>,
  spec: ReportSpec,
  options: ReportOptions | undefined,
): Pick<ReportDefinition, 'mode' | 'revisionDays'> {
  const mode = text(raw.mode, 'mode') || 'replace';
  if (mode === 'replace') return {};
  if (mode !== 'history')
    bad(`The mode is "replace" (each refresh replaces the block) or "history" (rows are kept and updated), not ${describeInput(mode)}.`);
  if (!spec.dateFamily) bad(`${spec.label} has no dates, so it cannot keep a history.`);
  if (options?.compareTo || options?.totals)
    bad('A history keeps one row per day: leave totals and comparisons to a report that replaces its block.');
  if (options?.columns)
    bad('A history keeps every column of the report (its rows are matched on them): show all columns, or turn Keep history off.');
  const given = raw.revisionDays;
  const revisionDays = given === undefined || given === null || given === '' ? DEFAULT_REVISION_DAYS : wholeDays(given);
  if (!Number.isInteger(revisionDays) || revisionDays < 0 || revisionDays > MAX_REVISION_DAYS) {
    bad(
      `The revision window is a whole number of days from 0 to ${MAX_REVISION_DAYS} (the network revises the last few days; 7 is usual).`,
    );
  }
  return { mode: 'history', revisionDays };
}

/** Google Cloud project IDs (also the older domain-scoped "example.com:project"). */
const PROJECT_ID = /^([a-z][a-z0-9.-]*[a-z0-9]:)?[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
/** BigQuery dataset and table IDs: letters, digits and underscores (a table's `$` is a partition, ours to add). */
const BQ_ID = /^[A-Za-z0-9_]{1,1024}$/;

/**
 * The BigQuery table a report also goes to: all three IDs, or none (an empty form removes it).
 * Checked here so a saved destination is one an export can name; access is testWarehouse's job.
 */
export function cleanWarehouse(value: unknown): ReportDefinition['warehouse'] {
  if (value === undefined || value === null || value === false) return undefined;
  if (typeof value !== 'object') bad('The BigQuery destination is a project, a dataset and a table.');
  const raw = value as Record<string, unknown>;
  const projectId = text(raw.projectId, 'BigQuery project');
  const datasetId = text(raw.datasetId, 'BigQuery dataset');
  const tableId = text(raw.tableId, 'BigQuery table');
  if (!projectId && !datasetId && !tableId) return undefined;
  if (!projectId || !datasetId || !tableId)
    bad('To send the report to BigQuery, give the project, the dataset and the table (or leave all three empty).');
  if (!PROJECT_ID.test(projectId))
    bad(
      `${describeInput(projectId)} is not a Google Cloud project ID: use the ID (lower-case letters, digits and dashes, 6 to 30 characters), not the project's name.`,
    );
  if (!BQ_ID.test(datasetId)) bad(`${describeInput(datasetId)} is not a BigQuery dataset ID: letters, digits and underscores only.`);
  if (!BQ_ID.test(tableId)) bad(`${describeInput(tableId)} is not a BigQuery table ID: letters, digits and underscores only.`);
  if (/__staging$/i.test(tableId)) bad(`Table IDs ending in "__staging" are the add-on's own staging tables; pick another name.`);
  return { projectId, datasetId, tableId };
}

const EVERY = 'A schedule runs every hour, day, week or month (or is off).';

function cleanSchedule(value: unknown): Schedule {
  if (value === undefined || value === null) return { every: 'off' };
  if (typeof value !== 'object') bad('The schedule must be an object.');
  const raw = value as Record<string, unknown>;
  if (raw.every !== undefined && raw.every !== null && typeof raw.every !== 'string') bad(EVERY);
  const every = text(raw.every, 'schedule') || 'off';
  if (every === 'off' || every === 'hour') return { every };
  if (every !== 'day' && every !== 'week' && every !== 'month') bad(EVERY);
  const hour = Number(raw.hour);
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) bad('Pick the hour of the day (0 to 23) for the schedule.');
  if (every === 'day') return { every, hour };
  if (every === 'month') {
    const monthDay = Number(raw.monthDay);
    if (!Number.isInteger(monthDay) || monthDay < 1 || monthDay > 31) {
      bad("Pick the day of the month (1 to 31) for the schedule; a day past the month's end runs on its last day.");
    }
    return { every, hour, monthDay };
  }
  const weekDay = Number(raw.weekDay);
  if (!Number.isInteger(weekDay) || weekDay < 0 || weekDay > 6) bad('Pick the day of the week for the schedule.');
  return { every, hour, weekDay };
}

export function cleanDefinition(input: unknown, ctx: DateContext): ReportDefinition {
  if (typeof input !== 'object' || input === null) bad('Nothing to save: the report definition is empty.');
  const raw = input as Record<string, unknown>;
  const report = text(raw.report, 'report');
  if (!report) bad('Choose a report to save.');
  const spec = findReport(report);
  if (!spec) bad(`${describeInput(report)} is not a report this add-on knows. Choose one from the list.`);
  const sheetName = text(raw.sheetName, 'sheet name');
  if (!sheetName) bad('Name the sheet the report goes to.');
  if (sheetName.length > 100) bad('Sheet names are at most 100 characters.');
  if (sheetName.toLowerCase() === STATUS_SHEET_NAME.toLowerCase())
    bad(`"${STATUS_SHEET_NAME}" is the add-on's own status sheet; pick another sheet.`);
  const name = text(raw.name, 'report name');
  if (name.length > 100) bad('Report names are at most 100 characters.');
  // Reports without dates (sites, date-bounds) still take a site for date-bounds only.
  const siteId = spec.key === 'sites' ? 'all' : cleanSites(raw.siteId);
  const definition: ReportDefinition = {
    name: name || defaultReportName(spec, siteId),
    report: spec.key,
    siteId,
    ...cleanDates(text(raw.start, 'start date'), text(raw.end, 'end date'), spec.dateFamily !== null, ctx),
    options: cleanOptions(raw.options, spec),
    sheetName,
    schedule: cleanSchedule(raw.schedule),
  };
  Object.assign(definition, cleanMode(raw, spec, definition.options));
  if (raw.notifyOnFailure === true) definition.notifyOnFailure = true;
  else if (raw.notifyOnFailure !== undefined && raw.notifyOnFailure !== null && raw.notifyOnFailure !== false) {
    bad(`"E-mail me when a scheduled refresh fails" is on or off, not ${describeInput(raw.notifyOnFailure)}.`);
  }
  const startCell = text(raw.startCell, 'start cell').toUpperCase();
  // Kept even as A1: a report placed at a cell may share its sheet with blocks it does not reach.
  if (startCell) {
    if (!/^[A-Z]{1,3}[1-9][0-9]{0,6}$/.test(startCell))
      bad(`${describeInput(raw.startCell)} is not a cell address. Use one like A1 or J1.`);
    definition.startCell = startCell;
  }
  const warehouse = cleanWarehouse(raw.warehouse);
  if (warehouse) definition.warehouse = warehouse;
  const id = text(raw.id, 'report id');
  if (id) definition.id = id;
  return definition;
}
