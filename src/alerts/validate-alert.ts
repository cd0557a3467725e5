import { CreatorError } from '../shared/errors';
import { findReport } from '../catalog/reports';
import { MAX_LAG_DAYS } from '../catalog/lag';
import type { ColumnSpec, ReportSpec } from '../catalog/types';
import { COMPARE_TO, hourText, parseDateArg, type DateContext } from '../dates';
import type { AlertCompareTo, AlertCondition, AlertDefinition } from '../shared/types';
import { percentText } from '../shared/percent-text';
import { capitalize, describeInput } from '../shared/user-input';

/**
 * An alert as the sidebar sent it, cleaned: only known fields survive (document properties are
 * readable by every editor), and every mistake is named with what to do instead.
 */
export const CONDITIONS: readonly AlertCondition[] = ['changeBelow', 'changeAbove', 'below', 'above', 'noData'];
export const DEFAULT_BY_HOUR = 9;
const DEFAULT_PERIOD = 'yesterday';

function bad(message: string): never {
  throw new CreatorError('BAD_INPUT', message);
}

function text(value: unknown, label: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return bad(`The ${label} must be text, not ${describeInput(value)}.`);
}

/** Metrics an alert can watch: the report's numbers that have a total (sums and recomputed ratios). */
export function alertMetrics(spec: ReportSpec): ColumnSpec[] {
  return spec.columns.filter((c) => c.total.kind !== 'none');
}

function findMetric(spec: ReportSpec, given: string): ColumnSpec {
  const wanted = given.toLowerCase();
  const metrics = alertMetrics(spec);
  const found = metrics.find((c) => c.field.toLowerCase() === wanted || c.header.toLowerCase() === wanted);
  if (!found)
    bad(`${capitalize(describeInput(given))} is not a metric of ${spec.label}. Pick one of: ${metrics.map((c) => c.field).join(', ')}.`);
  return found;
}

function number(value: unknown, label: string): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) bad(`The ${label} must be a number, not ${describeInput(value)}.`);
  return n;
}

/** A preset, or a rolling window ending yesterday: "yesterday", "today", "7daysAgo". */
function cleanPeriod(value: unknown, ctx: DateContext): string {
  const period = text(value, 'period') || DEFAULT_PERIOD;
  const parsed = parseDateArg(period, 'start', ctx);
  if (parsed.kind === 'day' && /^\d{4}-/.test(period))
    bad(
      `Alerts watch a rolling window, not a fixed day like "${period}": use "yesterday", "7daysAgo" or a preset such as "lastThirtyDays".`,
    );
  return parsed.kind === 'preset' ? parsed.name : period;
}

export function cleanAlert(input: unknown, ctx: DateContext): AlertDefinition {
  if (typeof input !== 'object' || input === null) bad('Nothing to save: the alert is empty.');
  const raw = input as Record<string, unknown>;
  const siteId = text(raw.siteId, 'site');
  if (!siteId) bad('Pick a site for the alert (or "all").');
  const reportKey = text(raw.report, 'report');
  if (!reportKey) bad('Choose the report the alert watches.');
  const spec = findReport(reportKey);
  if (!spec) bad(`${capitalize(describeInput(reportKey))} is not a report this add-on knows. Choose one from the list.`);
  if (!spec.dateFamily) bad(`${spec.label} has no dates, so there is nothing to watch over time. Choose a report with dates.`);
  const condition = text(raw.condition, 'condition') as AlertCondition;
  if (!CONDITIONS.includes(condition)) bad(`The condition must be one of ${CONDITIONS.join(', ')}, not ${describeInput(raw.condition)}.`);
  const name = text(raw.name, 'alert name');
  if (name.length > 100) bad('Alert names are at most 100 characters.');

  const alert: AlertDefinition = {
    name: '',
    siteId: siteId.toLowerCase() === 'all' ? 'all' : siteId,
    report: spec.key,
    metric: '',
    condition,
  };
  if (condition === 'noData') {
    // Data for a day, whatever the metric: the report's date family decides which bounds are checked.
    const byHour = raw.byHour === undefined || raw.byHour === null || raw.byHour === '' ? DEFAULT_BY_HOUR : number(raw.byHour, 'hour');
    if (!Number.isInteger(byHour) || byHour < 0 || byHour > 23) bad('The hour by which data is expected is a whole hour, 0 to 23.');
    alert.byHour = byHour;
    // Absent, the report family's normal lag applies (and follows the catalog if that changes).
    if (raw.lagDays !== undefined && raw.lagDays !== null && raw.lagDays !== '') {
      const lagDays = number(raw.lagDays, 'lag in days');
      if (!Number.isInteger(lagDays) || lagDays < 0 || lagDays > MAX_LAG_DAYS)
        bad(`The lag is a whole number of days from 0 to ${MAX_LAG_DAYS}: how many days before today the data normally ends.`);
      alert.lagDays = lagDays;
    }
  } else {
    const column = findMetric(
      spec,
      text(raw.metric, 'metric') ||
        bad(
          `Choose the metric the alert watches (${alertMetrics(spec)
            .map((c) => c.field)
            .join(', ')}).`,
        ),
    );
    alert.metric = column.field;
    alert.period = cleanPeriod(raw.period, ctx);
    if (raw.threshold === undefined || raw.threshold === null || raw.threshold === '')
      bad('Give the threshold the value is compared with.');
    const threshold = number(raw.threshold, 'threshold');
    if (condition === 'changeBelow' || condition === 'changeAbove') {
      // In percent, as the sidebar asks for it; a server call gives the fraction, and is told it too.
      if (threshold <= -1 && condition === 'changeBelow')
        bad(
          `A fall of ${percentText(-threshold, { places: 1 })} cannot happen: a value falls by 100% at most. For a 20% drop, give 20 in the sidebar (-0.2 in a server call).`,
        );
      if (Math.abs(threshold) > 100)
        bad(
          `A change of ${percentText(threshold, { places: 1 })} is more than an alert watches (10,000% at most). For a 50% rise, give 50 in the sidebar (0.5 in a server call).`,
        );
      const compareTo = (text(raw.compareTo, 'comparison') || 'previousPeriod') as AlertCompareTo;
      if (!COMPARE_TO.includes(compareTo)) bad(`Compare with one of ${COMPARE_TO.join(', ')}, not ${describeInput(raw.compareTo)}.`);
      alert.compareTo = compareTo;
    } else if (column.type === 'percent' && threshold > 1) refusePercentPoints(column, threshold);
    alert.threshold = threshold;
  }
  alert.name = (name || defaultName(alert, spec)).slice(0, 100);
  const id = text(raw.id, 'alert id');
  if (id) alert.id = id;
  return alert;
}

/**
 * A percent metric is held and compared as the fraction the sheet holds (0.584 for 58.4%), so its
 * value never passes 1: a threshold of 50 was meant as 50%. The sidebar's form converts what is
 * typed; this catches a caller that sends percent points. Only on save: a stored alert that has
 * one keeps loading and being checked as it is.
 */
function refusePercentPoints(column: ColumnSpec, threshold: number): never {
  const meant = Number((threshold / 100).toPrecision(12));
  return bad(
    `${column.header} is a percent written as a fraction: 50% is 0.5, so a threshold of ${threshold} would mean ${percentText(threshold, { places: 3 })}. Give ${meant} for ${percentText(meant, { places: 3 })}.`,
  );
}

function defaultName(alert: AlertDefinition, spec: ReportSpec): string {
  const site = alert.siteId === 'all' ? 'all sites' : alert.siteId;
  const column = spec.columns.find((c) => c.field === alert.metric);
  const metric = column?.header ?? spec.label;
  // A percent metric's threshold in the percent its card and e-mail show: "above 50%", not "above 0.5".
  const limit = column?.type === 'percent' ? percentText(alert.threshold ?? 0, { places: 3 }) : String(alert.threshold);
  const what: Record<AlertCondition, string> = {
    changeBelow: `drops ${percentText(-(alert.threshold ?? 0), { places: 1 })}`,
    changeAbove: `rises ${percentText(alert.threshold ?? 0, { places: 1 })}`,
    below: `below ${limit}`,
    above: `above ${limit}`,
    noData: `no data by ${hourText(alert.byHour ?? DEFAULT_BY_HOUR)}`,
  };
  return alert.condition === 'noData' ? `${spec.label} (${site}): ${what.noData}` : `${metric} (${site}) ${what[alert.condition]}`;
}
