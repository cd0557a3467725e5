import type { ReportSpec } from './types';

/** The date column of a daily series, and of every history block. */
export const HISTORY_DATE_FIELD = 'date';

/** A report with its own date column is a daily series: one request covers a whole range. */
export function pulledByDay(spec: ReportSpec): boolean {
  return !spec.columns.some((c) => c.field === HISTORY_DATE_FIELD && c.type === 'date');
}

/** Requests per site to read `days` days into a history (a paginated report may need more, per page). */
export function historyRequests(spec: ReportSpec, days: number): number {
  return days <= 0 ? 0 : pulledByDay(spec) ? 1 : days;
}

/**
 * What keeping a history of this report costs, in words for the save dialog: a daily series is
 * one request per site per refresh; a per-dimension report is one per day and site.
 */
export function historyCostInWords(spec: ReportSpec, backfillDays: number | null, revisionDays: number): string {
  const refreshDays = revisionDays + 2;
  if (!pulledByDay(spec)) return 'One request per site for the first fill and for each refresh (the report is a daily series).';
  const first = backfillDays === null ? 'one per day of the saved range' : `${backfillDays}`;
  return `${spec.label} is pulled day by day: ${first} requests per site for the first fill, then about ${refreshDays} per site for a daily refresh (the ${revisionDays} revised days, the last stored day and the new one)${spec.paginated ? ', more for days with many pages' : ''}.`;
}
