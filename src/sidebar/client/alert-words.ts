import { datesInWords } from '../../dates/presets';
import { hourText } from '../../dates/hour';
import type { AlertCondition, AlertView } from '../../shared/types';
import { REPORTS } from '../../catalog/reports';
import { sitesInWords } from '../../shared/site-words';
import { NORMAL_LAG_DAYS, noDataLabel } from '../../catalog/lag';
import { isChange, thresholdWords } from './alert-threshold';

/** The Alerts tab's words: conditions, periods, the metrics a report offers, and an alert in one sentence. */
export const CONDITION_LABEL: Record<AlertCondition, string> = {
  changeBelow: 'falls by more than',
  changeAbove: 'rises by more than',
  below: 'is below',
  above: 'is above',
  // The form's option follows the chosen report (alert-form); earnings is the form's first report.
  noData: noDataLabel(NORMAL_LAG_DAYS.earnings),
};

export const PERIODS: Array<[string, string]> = [
  ['yesterday', 'The last day with data'],
  ['7daysAgo', 'The last 7 days with data'],
  ['28daysAgo', 'The last 28 days with data'],
  ['lastThirtyDays', 'Last 30 days (preset)'],
  ['monthToDate', 'Month to date (preset)'],
];

export const DATED = REPORTS.filter((r) => r.dateFamily !== null);

export function metricsOf(reportKey: string): Array<{ field: string; header: string }> {
  return DATED.find((r) => r.key === reportKey)?.columns.filter((c) => c.total.kind !== 'none') ?? [];
}

export { isChange } from './alert-threshold';

/** "RPM on Example Kitchen (site-1) falls by at least 20 % against the previous period, over the last 7 days with data". */
export function describeAlert(a: AlertView, nameOf: (siteId: string) => string | undefined = () => undefined): string {
  const metric = metricsOf(a.report).find((m) => m.field === a.metric)?.header ?? a.report;
  // The site's name beside its ID where the builder loaded it: "Example Kitchen (site-1)".
  const site = a.siteId === 'all' ? 'all sites' : sitesInWords(a.siteId, nameOf);
  if (a.condition === 'noData')
    return `${DATED.find((r) => r.key === a.report)?.label ?? a.report} on ${site} ${a.expects?.label ?? `has no data by ${hourText(a.byHour ?? 9)}`}`;
  const threshold = thresholdWords(a);
  const against = isChange(a.condition)
    ? ` against the ${a.compareTo === 'previousYearWeekday' ? 'same weekdays a year ago' : a.compareTo === 'previousYear' ? 'same dates a year ago' : 'previous period'}`
    : '';
  const period = a.period ?? 'yesterday';
  // The period in the words the form offers it ("the last 7 days with data"), never its key.
  const over = (PERIODS.find(([key]) => key === period)?.[1] ?? datesInWords(period, undefined)).toLowerCase();
  return `${metric} on ${site} ${CONDITION_LABEL[a.condition]} ${threshold}${against}, over ${over}`;
}
