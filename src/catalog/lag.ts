import type { DateFamily } from './types';

/**
 * How far behind today a report family's data normally ends: traffic is in by the next day,
 * earnings settle about two days late. A noData alert checks today minus this, not yesterday: an
 * earnings alert expecting yesterday would be a daily false alarm. The date bounds cannot tell the
 * lag: they end exactly where the data ends.
 */
export const NORMAL_LAG_DAYS: Record<DateFamily, number> = { analytics: 1, earnings: 2 };

/** An alert's `lagDays` may set another lag; this is the most it may be. */
export const MAX_LAG_DAYS = 14;

export function lagOf(family: DateFamily | null, lagDays?: number): number {
  return typeof lagDays === 'number' ? lagDays : NORMAL_LAG_DAYS[family ?? 'earnings'];
}

/** "today", "yesterday", "2 days ago". */
export function daysAgoInWords(days: number): string {
  return days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`;
}

/** The noData condition as the sidebar's form and cards say it: "has no data for 2 days ago by". */
export function noDataLabel(lagDays: number): string {
  return `has no data for ${daysAgoInWords(lagDays)} by`;
}
