import { addDays, dayNumber, isYmd } from './calendar';

/** What a comparison looks back to. */
export type CompareTo = 'previousPeriod' | 'previousYear' | 'previousYearWeekday';

export const COMPARE_TO: readonly CompareTo[] = ['previousPeriod', 'previousYear', 'previousYearWeekday'];

export const COMPARE_LABEL: Record<CompareTo, string> = {
  previousPeriod: 'previous period',
  previousYear: 'previous year',
  previousYearWeekday: 'previous year, weekdays aligned',
};

/**
 * How a comparison maps a current day to the day it is compared with, and back. A constant shift
 * for the previous period (its length) and the weekday-aligned year (364 days, so a Monday meets a
 * Monday); the calendar year for `previousYear`, where 29 February has no partner (null).
 */
export interface DayShift {
  back(ymd: string): string | null;
  forward(ymd: string): string | null;
}

function yearShift(ymd: string, years: number): string | null {
  const shifted = `${String(Number(ymd.slice(0, 4)) + years).padStart(4, '0')}${ymd.slice(4)}`;
  return isYmd(shifted) ? shifted : null;
}

export function dayShift(compareTo: CompareTo, range: { startDate: string; endDate: string }): DayShift {
  if (compareTo === 'previousYear') return { back: (d) => yearShift(d, -1), forward: (d) => yearShift(d, 1) };
  const days = compareTo === 'previousYearWeekday' ? 364 : dayNumber(range.endDate) - dayNumber(range.startDate) + 1;
  return { back: (d) => addDays(d, -days), forward: (d) => addDays(d, days) };
}

/**
 * The days compared with `range`: the same number of days just before it, the same dates a year
 * earlier (29 February as the 28th), or the 364 days earlier.
 */
export function comparisonRange(
  compareTo: CompareTo,
  range: { startDate: string; endDate: string },
): { startDate: string; endDate: string } {
  if (compareTo === 'previousYear') {
    const back = (d: string): string => yearShift(d, -1) ?? (yearShift(addDays(d, -1), -1) as string);
    return { startDate: back(range.startDate), endDate: back(range.endDate) };
  }
  const shift = dayShift(compareTo, range);
  return { startDate: shift.back(range.startDate) as string, endDate: shift.back(range.endDate) as string };
}

/**
 * For alerts: the comparison period always has as many days as the checked one, since a total
 * over 8 days against one over 7 reads as a 12.5 % change in flat data. Across 29 February the
 * previous year's period keeps its end date and moves its start by a day. CREATOR_COMPARE, the
 * builder and saved reports keep `comparisonRange` ("the same dates a year earlier").
 */
export function equalLengthComparison(
  compareTo: CompareTo,
  range: { startDate: string; endDate: string },
): { startDate: string; endDate: string } {
  const compared = comparisonRange(compareTo, range);
  const days = dayNumber(range.endDate) - dayNumber(range.startDate);
  return { startDate: addDays(compared.endDate, -days), endDate: compared.endDate };
}
