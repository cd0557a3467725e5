import { createClient } from '../api/client';
import { isCreatorError, userMessage } from '../shared/errors';
import { findReport } from '../catalog/reports';
import { lagOf } from '../catalog/lag';
import type { ColumnSpec, ReportSpec } from '../catalog/types';
import { COMPARE_LABEL, dataThrough, equalLengthComparison, hourText, type RollingRule } from '../dates';
import { findPreset } from '../dates/presets';
import { today } from '../dates/zone';
import type { Execution } from '../platform/execution';
import { pullReport, type PullResult } from '../pull/pull-report';
import { readSiteArg } from '../pull/site-arg';
import { expandSites } from '../pull/sites';
import { loadCredential } from '../settings/credential';
import type { AlertDefinition, NoDataExpectation } from '../shared/types';
import { changeOf, totalRow } from '../table';
import { formatFraction, formatValue, span } from './format';
import { expectedDayFrom, noDataWords } from './no-data-day';
import { DEFAULT_BY_HOUR } from './validate-alert';

/**
 * One check of one alert, with the caller's credential: the value over the alert's period (the
 * report's total, ratios recomputed from summed parts), the same over the comparison period for
 * change conditions, or the last day with data for noData. Never throws: a failure is a reading.
 */
export interface PeriodValue {
  startDate: string;
  endDate: string;
  /** '' when the period has no rows. */
  value: number | '';
}

export interface AlertReading {
  fired: boolean;
  /** The check could not be made (credential, bounds, network): say so, send nothing. */
  failed: boolean;
  /** Plain words for the sidebar, the status table and the e-mail. */
  message: string;
  metricLabel: string;
  current?: PeriodValue;
  previous?: PeriodValue & { label: string };
  change?: number | '';
  fraction?: number | '';
  /** noData: the day it expected data for (value alerts: `current.endDate`). At most one e-mail per data day. */
  dataDay?: string;
}

/** Comparisons at the threshold are exact to a millionth: 9.6 against 12 is a drop of exactly 0.2. */
const round = (n: number): number => Math.round(n * 1e6) / 1e6;

function metricOf(spec: ReportSpec, field: string): ColumnSpec | undefined {
  return spec.columns.find((c) => c.field === field);
}

/**
 * The days an alert looks at. A preset goes to the pull as it is (trimmed to the data there).
 * A rolling window ("yesterday", "7daysAgo": that day to yesterday) keeps its length
 * (RollingRule 'keepLength', resolved once by the pull): the network settles earnings a day or two
 * late, and a half-empty window would read as a drop. noData alerts watch for lateness.
 */
function windowOf(alert: AlertDefinition): { start: string; end?: string; rolling?: RollingRule } {
  const period = alert.period ?? 'yesterday';
  if (findPreset(period)) return { start: period };
  return { start: period, end: period.toLowerCase() === 'today' ? 'today' : 'yesterday', rolling: 'keepLength' };
}

function totalOf(pulled: PullResult, field: string): number | '' {
  if (pulled.rows === 0) return '';
  const i = pulled.table.columns.findIndex((c) => c.field === field);
  const cell = i < 0 ? '' : totalRow(pulled.table, pulled.spec)[i];
  return typeof cell === 'number' && Number.isFinite(cell) ? cell : '';
}

function pullValue(ex: Execution, alert: AlertDefinition, dates: { start: string; end?: string; rolling?: RollingRule }): PeriodValue {
  const pulled = pullReport(ex, { report: alert.report, siteId: alert.siteId, ...dates }, { purpose: 'user' });
  return {
    startDate: pulled.startDate ?? dates.start,
    endDate: pulled.endDate ?? dates.end ?? dates.start,
    value: totalOf(pulled, alert.metric),
  };
}

export function evaluateAlert(ex: Execution, alert: AlertDefinition): AlertReading {
  const spec = findReport(alert.report);
  const metric = spec ? metricOf(spec, alert.metric) : undefined;
  const metricLabel = metric?.header ?? spec?.label ?? alert.report;
  if (!spec)
    return {
      fired: false,
      failed: true,
      metricLabel,
      message: `The report "${alert.report}" is no longer known; delete this alert and make it again.`,
    };
  try {
    if (alert.condition === 'noData') return checkNoData(ex, alert, spec, metricLabel);
    if (!metric)
      return { fired: false, failed: true, metricLabel, message: `${spec.label} has no metric "${alert.metric}"; edit the alert.` };
    return checkValue(ex, alert, metric, metricLabel);
  } catch (error) {
    const why = isCreatorError(error) ? userMessage(error) : 'The check failed unexpectedly; it runs again next time.';
    return { fired: false, failed: true, metricLabel, message: why };
  }
}

function checkValue(ex: Execution, alert: AlertDefinition, metric: ColumnSpec, metricLabel: string): AlertReading {
  const threshold = alert.threshold ?? 0;
  const current = pullValue(ex, alert, windowOf(alert));
  const base = { metricLabel, current };
  if (current.value === '')
    return { ...base, fired: false, failed: false, message: `No ${metricLabel} for ${span(current)} yet: nothing to compare.` };
  if (alert.condition === 'below' || alert.condition === 'above') {
    const fired = alert.condition === 'below' ? round(current.value) < round(threshold) : round(current.value) > round(threshold);
    const word = alert.condition === 'below' ? 'below' : 'above';
    return {
      ...base,
      fired,
      failed: false,
      message: `${metricLabel} ${span(current)}: ${formatValue(current.value, metric)}, ${fired ? '' : 'not '}${word} ${formatValue(threshold, metric)}.`,
    };
  }
  const compareTo = alert.compareTo ?? 'previousPeriod';
  const range = equalLengthComparison(compareTo, current);
  const before = pullValue(ex, alert, { start: range.startDate, end: range.endDate });
  const previous = { ...before, label: COMPARE_LABEL[compareTo] };
  const { change, fraction } = changeOf(current.value, before.value);
  const reading = { ...base, previous, change, fraction };
  if (fraction === '') {
    const why = before.value === '' ? `no ${metricLabel} for ${span(before)}` : `${metricLabel} was 0 on ${span(before)}`;
    return {
      ...reading,
      fired: false,
      failed: false,
      message: `${metricLabel} ${span(current)}: ${formatValue(current.value, metric)}; ${why}, so there is no change to compare.`,
    };
  }
  const fired = alert.condition === 'changeBelow' ? round(fraction) < round(threshold) : round(fraction) > round(threshold);
  return {
    ...reading,
    fired,
    failed: false,
    message:
      `${metricLabel} ${span(current)}: ${formatValue(current.value, metric)} against ${formatValue(before.value as number, metric)} ` +
      `(${span(before)}, ${previous.label}): ${formatFraction(fraction)}; the alert is at ${formatFraction(threshold)}.`,
  };
}

/**
 * The last day that should have data by now: today minus the report family's normal lag (or the
 * alert's own `lagDays`) once the local hour reaches byHour, a day earlier before it.
 */
export function expectedDay(ex: Execution, byHour: number, lagDays: number): string {
  return expectedDayFrom(today(ex.platform, ex.platform.timeZone()), localHour(ex), byHour, lagDays);
}

/** What a noData alert checks right now, in the words the card and the form show. */
export function noDataExpectation(ex: Execution, alert: AlertDefinition): NoDataExpectation {
  const lagDays = lagOf(findReport(alert.report)?.dateFamily ?? null, alert.lagDays);
  const byHour = alert.byHour ?? DEFAULT_BY_HOUR;
  const day = expectedDay(ex, byHour, lagDays);
  return { day, lagDays, label: `${noDataWords(lagDays, day)} ${hourText(byHour)}` };
}

/** The hour of the day (0-23) in the spreadsheet's time zone, now or at an instant. */
export function localHour(ex: Execution, at = ex.platform.now()): number {
  return Number(ex.platform.formatDate(new Date(at), ex.platform.timeZone(), 'H'));
}

function checkNoData(ex: Execution, alert: AlertDefinition, spec: ReportSpec, metricLabel: string): AlertReading {
  const client = createClient(ex, loadCredential(ex, 'user'));
  const sites = expandSites(readSiteArg(alert.siteId), client, 'user');
  const expected = noDataExpectation(ex, alert).day;
  const family = spec.dateFamily ?? 'earnings';
  const late = sites
    .map((site) => ({ site, through: dataThrough(client.dateBounds(site), family) }))
    .filter((s) => s.through === null || s.through < expected);
  const what = family === 'earnings' ? 'earnings' : 'traffic';
  if (late.length === 0)
    return {
      fired: false,
      failed: false,
      metricLabel,
      dataDay: expected,
      message: `${capitalized(what)} data is in for ${expected} on ${sites.length === 1 ? sites[0] : `all ${sites.length} sites`}.`,
    };
  const list = late.map((s) => `${s.site} (${s.through ? `data through ${s.through}` : 'no data yet'})`).join(', ');
  return {
    fired: true,
    failed: false,
    metricLabel,
    dataDay: expected,
    message: `No ${what} data for ${expected} by ${hourText(alert.byHour ?? DEFAULT_BY_HOUR)}: ${list}.`,
  };
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
