import { addDays, dayNumber, isYmd } from '../dates/calendar';
import type { AlertCompareTo } from '../shared/types';

/**
 * Stand-in for the compare module of issue 19 (`dates/compare-period` comparisonRange and
 * `table/compare` changeOf), with the same names and meanings, so alerts switch to it by changing
 * their imports once it is in main.
 */
export const COMPARE_LABEL: Record<AlertCompareTo, string> = {
  previousPeriod: 'previous period',
  previousYear: 'previous year',
  previousYearWeekday: 'previous year, weekdays aligned',
};

function yearEarlier(ymd: string): string {
  const shifted = `${String(Number(ymd.slice(0, 4)) - 1).padStart(4, '0')}${ymd.slice(4)}`;
  // 29 February has no partner a year earlier: the 28th stands in.
  return isYmd(shifted) ? shifted : yearEarlier(addDays(ymd, -1));
}

/** The days compared with `range`: just before it, a year earlier, or 364 days earlier (weekdays line up). */
export function comparisonRange(compareTo: AlertCompareTo, range: { startDate: string; endDate: string }): { startDate: string; endDate: string } {
  if (compareTo === 'previousYear') return { startDate: yearEarlier(range.startDate), endDate: yearEarlier(range.endDate) };
  const days = compareTo === 'previousYearWeekday' ? 364 : dayNumber(range.endDate) - dayNumber(range.startDate) + 1;
  return { startDate: addDays(range.startDate, -days), endDate: addDays(range.endDate, -days) };
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The change and the change as a fraction of the previous value; blank where it cannot be computed. */
export function changeOf(current: unknown, previous: unknown): { change: number | ''; fraction: number | '' } {
  if (!isNumber(current) || !isNumber(previous)) return { change: '', fraction: '' };
  const change = current - previous;
  return { change, fraction: previous === 0 ? '' : change / Math.abs(previous) };
}
